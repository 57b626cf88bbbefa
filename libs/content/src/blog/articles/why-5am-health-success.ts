import type { BlogArticle } from '../article';
import { why5amHealthSuccessSummary } from '../catalog';

const content = `The alarm goes off at 5:00. The house is dark, the phone is quiet and nobody needs anything from you yet. For a growing number of people that first hour has become the best part of the day. But is there anything special about getting up early, or is it just a fashionable habit? Here is what the research says, and what it doesn't.

## It starts the night before

**An early alarm only helps if you go to bed early too.**

The National Sleep Foundation's expert panel recommends seven to nine hours of sleep for adults aged 18 to 64, and the American Academy of Sleep Medicine and the Sleep Research Society recommend at least seven hours a night. Waking at 5 AM after five hours of sleep is not a productivity hack. It is a sleep debt, and it shows up later as a lower mood, slower thinking and a bigger appetite.

So the first rule of a 5 AM start is arithmetic: count back seven to nine hours. For most people that means lights out between 8 and 10 PM. If that sounds impossible today, start with a later target such as 6:30 and move it earlier by fifteen minutes a week.

## Your body clock and social jetlag

Everyone has a chronotype: a natural tendency to be a morning lark, a night owl or something in between. Chronobiologist Till Roenneberg and his colleagues showed how widely chronotypes vary across the population and how they shift with age; teenagers and young adults are the latest sleepers of all.

When work and family schedules don't match our body clocks, we live with what Marc Wittmann, Roenneberg and colleagues called social jetlag: one sleep schedule during the week and another at the weekend, as if we flew across time zones every Friday and back every Monday. In their study, more social jetlag went with more smoking and drinking, and later work has linked it to a higher body weight. A steady wake time, seven days a week, is one of the simplest ways to reduce it.

That steadiness matters more than the exact hour on the clock. A regular 5:30 beats 5:00 on weekdays and 9:30 at the weekend.

## Earlier sleep and a better mood

**Sleeping one hour earlier was linked to a 23% lower risk of major depression.**

In 2021 Iyas Daghlas and colleagues used genetic data from hundreds of thousands of people to ask whether being an earlier sleeper protects against depression. Their method, Mendelian randomization, treats the gene variants that make people earlier or later sleepers as a natural experiment. Each hour earlier in the midpoint of sleep was associated with a 23% lower risk of major depressive disorder.

That does not mean an alarm clock cures depression. The study looked at when people sleep, not at forcing yourself awake, and getting enough sleep still counts. But it fits other findings: morning types report more positive mood in everyday life (Biss and Hasher, 2012), and bright light early in the day helps anchor the body clock, which in turn supports sleep and mood (Blume, Garbazza and Spitschan, 2019).

## The quiet hour

Why do so many early risers call the morning their most productive time? Part of the answer is simply fewer interruptions. Before the messages start, the first hour belongs to you: for a run, for reading, for the project that never fits between meetings.

There is a personality link too. In a survey of university students, biologist Christoph Randler found that morning types scored higher on proactivity, the tendency to act to change a situation rather than wait for it to change. The direction of cause is not settled: proactive people may choose to get up early as much as getting up early makes people proactive. Either way, the two travel together.

## How to make 5 AM last

**Willpower gets you up once. A habit gets you up for years.**

In a study of habit formation at University College London, Phillippa Lally and colleagues asked people to repeat a chosen behaviour every day in the same situation. It took a median of 66 days for the behaviour to feel automatic, with a range from 18 to 254 days, and missing a single day did not set the process back. A few practical steps make those two months easier:

- Fix the wake time first and let bedtime follow; keep it within half an hour at the weekend.
- Get light early: open the curtains or step outside in the first half hour.
- Plan the first hour the night before, so you wake up to a task, not a decision.
- Move gradually: fifteen minutes earlier each week is sustainable, two hours overnight rarely is.
- Protect the evening: dim the screens and the lights an hour before bed.
- Tell someone. Posting your morning among other early risers turns a private intention into a shared commitment.

## Not everyone should be up at 5

Night owls are not lazy, and a late chronotype is partly written in our genes. If you work shifts, care for a baby or live with a sleep disorder, your best wake time may be different, and that is fine. The benefits in the research come from regular, sufficient sleep that is aligned with daylight, not from a particular number on the clock.

## The bottom line

Getting up early is no magic formula, but for many people it is a strong lever: it lines sleep up with daylight, reduces social jetlag and gives you an hour of quiet before the world wakes up. Go to bed in time, keep the wake time steady, and give it a couple of months.`;

export const why5amHealthSuccess: BlogArticle = {
  ...why5amHealthSuccessSummary,
  keyTakeaways: [
    'An early alarm only helps with seven to nine hours of sleep, so bedtime has to move too.',
    'A steady wake time, weekends included, reduces social jetlag; regularity matters more than the exact hour.',
    'Earlier sleep is linked to a better mood: each hour earlier went with a 23% lower risk of major depression in a large genetic study.',
    'The quiet first hour is yours; plan it the night before so you wake up to a task, not a decision.',
    'Expect about two months (a median of 66 days) before rising early feels automatic, and do not worry about one missed day.',
  ],
  references: [
    'Hirshkowitz, M., et al. "National Sleep Foundation\'s sleep time duration recommendations: methodology and results summary." Sleep Health, 2015.',
    'Watson, N. F., et al. "Recommended Amount of Sleep for a Healthy Adult: A Joint Consensus Statement of the American Academy of Sleep Medicine and Sleep Research Society." Sleep, 2015.',
    'Roenneberg, T., Wirz-Justice, A., & Merrow, M. "Life between clocks: daily temporal patterns of human chronotypes." Journal of Biological Rhythms, 2003.',
    'Wittmann, M., Dinich, J., Merrow, M., & Roenneberg, T. "Social jetlag: misalignment of biological and social time." Chronobiology International, 2006.',
    'Roenneberg, T., Allebrandt, K. V., Merrow, M., & Vetter, C. "Social jetlag and obesity." Current Biology, 2012.',
    'Daghlas, I., Lane, J. M., Saxena, R., & Vetter, C. "Genetically Proxied Diurnal Preference, Sleep Timing, and Risk of Major Depressive Disorder." JAMA Psychiatry, 2021.',
    'Biss, R. K., & Hasher, L. "Happy as a lark: Morning-type younger and older adults are higher in positive affect." Emotion, 2012.',
    'Blume, C., Garbazza, C., & Spitschan, M. "Effects of light on human circadian rhythms, sleep and mood." Somnologie, 2019.',
    'Randler, C. "Proactive people are morning people." Journal of Applied Social Psychology, 2009.',
    'Lally, P., van Jaarsveld, C. H. M., Potts, H. W. W., & Wardle, J. "How are habits formed: Modelling habit formation in the real world." European Journal of Social Psychology, 2010.',
  ],
  content,
};
