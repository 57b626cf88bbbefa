import type { BlogArticle } from '../article';
import { fitnessTrackerComplementSummary } from '../catalog';

const content = `Millions of people wear a device that counts their steps, estimates their sleep and buzzes when they have been sitting too long. Yet plenty of trackers end up in a drawer within a few months. The data is rarely the problem. What is missing is a routine that turns the numbers into action, and a fixed morning habit is one of the best candidates.

## Trackers measure, habits move

**A wearable is a facilitator, not a driver, of behaviour change.**

That was the argument of physicians Mitesh Patel, David Asch and Kevin Volpp in JAMA in 2015. A device records what you do and can remind you, but it cannot supply the motivation to act on what it shows. The gap between knowing and doing is where most good intentions get lost.

A large trial makes the point. In the IDEA study led by John Jakicic, about 470 young adults followed a weight-loss programme; after six months half of them added a wearable activity monitor while the other half kept logging their activity on a website. Two years in, the group with the wearable had lost less weight on average, about 3.5 kg against 5.9 kg. The device on its own did not help; the plan around it was what mattered.

## Goals make the numbers matter

Counting works when it is tied to a goal. In a systematic review of 26 studies, Dena Bravata and colleagues found that people who used a pedometer raised their physical activity by 26.9% over their starting level, more than 2,000 extra steps a day, and that having a step goal was a key ingredient of that increase.

Which goal? The famous 10,000 steps comes from the name of a Japanese pedometer sold in the 1960s, not from a study. Research since then is more forgiving. I-Min Lee and colleagues followed about 17,000 older women and found that around 4,400 steps a day went with lower mortality than 2,700, with the benefit levelling off near 7,500. A meta-analysis of 15 cohorts led by Amanda Paluch found the same shape: more steps meant a lower risk of death, levelling off at about 6,000 to 8,000 steps a day for people over 60 and 8,000 to 10,000 for younger adults.

## Why mornings are the right slot

**150 minutes a week is about 30 minutes on five mornings.**

The World Health Organization's 2020 guidelines ask adults for at least 150 to 300 minutes of moderate activity a week, or 75 to 150 minutes of vigorous activity, plus muscle strengthening on two or more days. That is not much time, but it has to come from somewhere.

Evening workouts compete with everything else: the late meeting, dinner, family and plain tiredness. Early morning has fewer competitors. When researchers looked at successful weight-loss maintainers in the National Weight Control Registry, most of them exercised at a consistent time of day, early morning was the most common choice, and consistent timing went with more activity overall (Schumacher and colleagues, 2019).

A written plan helps too. In a British study by Sarah Milne, Sheina Orbell and Paschal Sheeran, students who wrote down when and where they would exercise in the coming week were far more likely to do it: 91% exercised at least once, against 38% of a control group. Deciding in advance that the workout happens at 5:30, after coffee, on the river path, removes the daily negotiation.

## Making your tracker and your morning work together

- Pick one number per season: steps, active minutes or sleep time. Tracking everything means acting on nothing.
- Set a goal you can meet on a bad day, and let the streak do the rest.
- Check last night's sleep before you judge this morning's workout: after a short night, walk instead of sprinting.
- Read sleep scores as trends, not verdicts. Consumer wearables tend to overestimate sleep and miss short awakenings compared with laboratory sleep studies (de Zambotti and colleagues, 2019).
- Write the plan down: when, where and what. "At 5:30, after coffee, I walk the river loop."
- Share the result. A morning post makes the numbers social, and that is where accountability comes from.

## What your tracker cannot tell you

A tracker can show that you slept six hours and forty minutes and walked 7,800 steps before breakfast. It cannot tell you why you got up, or whether that morning made you feel like yourself. That part lives in the morning post: a line about the sunrise, the run you almost skipped, the page you finally wrote.

## The bottom line

Your tracker is a good instrument and a poor coach. Give it a job: a fixed morning slot, a realistic goal and someone who sees the result. Then the numbers start to mean something.`;

export const fitnessTrackerComplement: BlogArticle = {
  ...fitnessTrackerComplementSummary,
  keyTakeaways: [
    'A tracker measures; a routine changes behaviour. Give the device a job.',
    'Step counts rise when there is a goal: pedometer users moved 26.9% more on average.',
    'Benefits level off well below 10,000 steps for many people, at about 6,000 to 10,000 depending on age.',
    'The WHO minimum of 150 minutes a week is about 30 minutes on five mornings, when fewer things compete for the time.',
    'Decide when and where you will move; a written plan more than doubled follow-through in one study.',
    'Read sleep data as a trend, and share your mornings to turn numbers into accountability.',
  ],
  references: [
    'Patel, M. S., Asch, D. A., & Volpp, K. G. "Wearable Devices as Facilitators, Not Drivers, of Health Behavior Change." JAMA, 2015.',
    'Jakicic, J. M., et al. "Effect of Wearable Technology Combined With a Lifestyle Intervention on Long-term Weight Loss: The IDEA Randomized Clinical Trial." JAMA, 2016.',
    'Bravata, D. M., et al. "Using Pedometers to Increase Physical Activity and Improve Health: A Systematic Review." JAMA, 2007.',
    'Lee, I-M., et al. "Association of Step Volume and Intensity With All-Cause Mortality in Older Women." JAMA Internal Medicine, 2019.',
    'Paluch, A. E., et al. "Daily steps and all-cause mortality: a meta-analysis of 15 international cohorts." The Lancet Public Health, 2022.',
    'Bull, F. C., et al. "World Health Organization 2020 guidelines on physical activity and sedentary behaviour." British Journal of Sports Medicine, 2020.',
    'Schumacher, L. M., et al. "Relationship of Consistency in Timing of Exercise Performance and Exercise Levels Among Successful Weight Loss Maintainers." Obesity, 2019.',
    'Milne, S., Orbell, S., & Sheeran, P. "Combining motivational and volitional interventions to promote exercise participation: Protection motivation theory and implementation intentions." British Journal of Health Psychology, 2002.',
    'de Zambotti, M., Cellini, N., Goldstone, A., Colrain, I. M., & Baker, F. C. "Wearable Sleep Technology in Clinical and Research Settings." Medicine & Science in Sports & Exercise, 2019.',
  ],
  content,
};
