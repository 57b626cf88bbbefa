import type { BlogArticle } from '../article';
import { socialAccountabilityHabitsSummary } from '../catalog';

const content = `Most of us have started a habit on the first of January and quietly dropped it by February. The plan was fine. The problem was that nobody noticed when we stopped. Social accountability changes that: when other people can see your progress, showing up gets a little easier and skipping gets a little harder.

## Why we keep the promises we make in public

**We want our actions to match what we have said.**

Psychologist Robert Cialdini describes commitment and consistency as one of the basic principles of influence: once we have taken a stand, especially a written, public one, we feel pressure to act in line with it. A private intention costs nothing to abandon. A public one carries a small reputation.

Research on tracking goals points the same way. In a meta-analysis of 138 experiments with nearly 20,000 participants, Benjamin Harkin and colleagues found that monitoring your progress toward a goal makes you more likely to reach it. The effect was larger when the progress was reported to other people or made public, and when it was physically recorded rather than just kept in mind.

## Friends make habits stick

**Joining with friends raised the share who finished a weight-loss programme from 76% to 95%.**

In a classic trial, Rena Wing and Robert Jeffery recruited people for a weight-loss programme either on their own or together with three friends or family members, and gave some of them extra social-support activities. Of those recruited with friends, 95% completed the treatment, against 76% of those who came alone, and those with both friends and the support programme were the most likely to keep the weight off in the months that followed.

Behaviour also spreads through networks of friends, for better and for worse. Nicholas Christakis and James Fowler followed more than 12,000 people in the Framingham Heart Study over 32 years and found that a person's chance of becoming obese rose by 57% when a friend became obese. The good news runs the other way too: Sinan Aral and Christos Nicolaides analysed the running logs of about a million runners and found that exercise is contagious. On days when their friends ran more, people ran more as well.

## The feeling of a team

You do not even need a formal group. In a series of experiments at Stanford, Priyanka Carr and Gregory Walton gave people a hard puzzle to work on alone, but told some of them that they were tackling it together with others. Those who felt part of a team persisted 48% to 64% longer, found the task more interesting and did better, although nobody actually helped them.

That is the quiet power of a community of early risers. At 5 AM you are alone in your kitchen, but you know that other people are up too, making the same choice.

## Why streaks and a weekly leaderboard help

Habits are mostly built by repetition in the same situation. Wendy Wood and her colleagues found that about 43% of everyday behaviours are performed almost daily and usually in the same place, which is to say out of habit rather than fresh decision. Getting there takes time: in Phillippa Lally's study a new daily behaviour took a median of 66 days to feel automatic.

A streak is a visible record of those days. Every early morning adds one, the count sits on your profile, and the people who follow you can see it. Recorded and shared: exactly the two conditions under which monitoring progress worked best in Harkin's meta-analysis.

The weekly leaderboard adds a friendly comparison among the people you chose to follow. It resets every Monday, so a bad week never buries you and everyone starts level again. Use comparison carefully, though. The point is for other people's mornings to pull you up, not to make you feel behind.

## Build your accountability circle

**Specific plans beat good intentions.**

Peter Gollwitzer and Paschal Sheeran combined 94 tests of if-then plans, called implementation intentions, and found a medium-to-large effect on reaching goals. Put that to work together with the people around you:

- Choose a few people, not a crowd: three to five who rise early too and will notice when you don't.
- Make the commitment specific: "I post before 6 AM on weekdays" beats "I'll get up earlier".
- Write if-then plans: "If my alarm goes at 5:15, then my feet go on the floor and the curtains open."
- Report, don't perform. A short, honest post on a hard morning does more than a polished one on an easy morning.
- Cheer for others. A like or a comment is accountability in the other direction.
- Plan for the missed day. One miss is normal; a common rule of thumb is never to miss twice in a row.

## The bottom line

Habits are easier to keep when they are seen. Tell a few people what you are doing, record each morning, and show up for them the way they show up for you. That is the whole idea behind a community of early risers.`;

export const socialAccountabilityHabits: BlogArticle = {
  ...socialAccountabilityHabitsSummary,
  keyTakeaways: [
    'Public commitments are easier to keep than private ones.',
    'Monitoring progress helps you reach a goal, and more so when the progress is recorded and shared.',
    'Joining with friends raised completion of a weight-loss programme from 76% to 95%.',
    'Even the feeling of working together made people persist 48% to 64% longer.',
    'Streaks make progress visible; the weekly leaderboard resets every Monday so everyone starts level.',
    'Make specific if-then plans, cheer for others and plan for the missed day.',
  ],
  references: [
    'Cialdini, R. B. "Influence: The Psychology of Persuasion." William Morrow, 1984.',
    'Harkin, B., et al. "Does monitoring goal progress promote goal attainment? A meta-analysis of the experimental evidence." Psychological Bulletin, 2016.',
    'Wing, R. R., & Jeffery, R. W. "Benefits of recruiting participants with friends and increasing social support for weight loss and maintenance." Journal of Consulting and Clinical Psychology, 1999.',
    'Christakis, N. A., & Fowler, J. H. "The Spread of Obesity in a Large Social Network over 32 Years." New England Journal of Medicine, 2007.',
    'Aral, S., & Nicolaides, C. "Exercise contagion in a global social network." Nature Communications, 2017.',
    'Carr, P. B., & Walton, G. M. "Cues of working together fuel intrinsic motivation." Journal of Experimental Social Psychology, 2014.',
    'Wood, W., Quinn, J. M., & Kashy, D. A. "Habits in everyday life: Thought, emotion, and action." Journal of Personality and Social Psychology, 2002.',
    'Lally, P., van Jaarsveld, C. H. M., Potts, H. W. W., & Wardle, J. "How are habits formed: Modelling habit formation in the real world." European Journal of Social Psychology, 2010.',
    'Gollwitzer, P. M., & Sheeran, P. "Implementation intentions and goal achievement: A meta-analysis of effects and processes." Advances in Experimental Social Psychology, 2006.',
  ],
  content,
};
