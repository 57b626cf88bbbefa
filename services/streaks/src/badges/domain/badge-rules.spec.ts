import type { BadgeCategory, BadgeRequirementType } from '@daybreak/contracts';
import { BadgeDefinition, ZERO_COUNTERS, evaluateBadges } from './badge-rules';
import { INITIAL_BADGE_CATALOGUE as BADGE_CATALOGUE } from '../../migrations/badge-catalogue';

const badge = (id: string, requirementType: BadgeRequirementType, requirement: number): BadgeDefinition => ({
  id,
  name: id,
  description: id,
  emoji: '⭐',
  category: 'milestone',
  requirement,
  requirementType,
});

const catalogue = [
  badge('five-1', '5am_posts', 1),
  badge('five-10', '5am_posts', 10),
  badge('streak-3', 'streak', 3),
  badge('streak-7', 'streak', 7),
  badge('invite-1', 'invites_sent', 1),
];
const ids = (badges: { id: string }[]) => badges.map((b) => b.id);

describe('evaluateBadges', () => {
  it('awards every badge the counters reach that the member does not hold yet', () => {
    const result = evaluateBadges({ ...ZERO_COUNTERS, '5am_posts': 1, streak: 3 }, catalogue, new Set());
    expect(ids(result.newlyEarned)).toEqual(['five-1', 'streak-3']);
  });

  it('awards nothing twice', () => {
    const result = evaluateBadges(
      { ...ZERO_COUNTERS, '5am_posts': 1, streak: 3 },
      catalogue,
      new Set(['five-1', 'streak-3']),
    );
    expect(result.newlyEarned).toEqual([]);
  });

  it('keeps a held badge earned when the counters have fallen below it (a deleted post)', () => {
    const result = evaluateBadges(ZERO_COUNTERS, catalogue, new Set(['five-1']));
    expect(result.progress.find((b) => b.id === 'five-1')).toMatchObject({ earned: true });
    expect(ids(result.nextEligible)).not.toContain('five-1');
  });

  it('reports progress capped at the target', () => {
    const result = evaluateBadges({ ...ZERO_COUNTERS, '5am_posts': 12, streak: 2 }, catalogue, new Set());
    expect(result.progress.map((b) => [b.id, b.progress, b.target])).toEqual([
      ['five-1', 1, 1],
      ['five-10', 10, 10],
      ['streak-3', 2, 3],
      ['streak-7', 2, 7],
      ['invite-1', 0, 1],
    ]);
  });

  it('lists up to 3 next badges, closest by progress/target first, newly earned ones excluded', () => {
    const result = evaluateBadges({ ...ZERO_COUNTERS, '5am_posts': 1, streak: 2 }, catalogue, new Set());
    // streak-3: 2/3, streak-7: 2/7, five-10: 1/10, invite-1: 0/1
    expect(ids(result.nextEligible)).toEqual(['streak-3', 'streak-7', 'five-10']);
  });

  it('breaks equal progress by the smaller target, then catalogue order', () => {
    const result = evaluateBadges(ZERO_COUNTERS, catalogue, new Set());
    expect(ids(result.nextEligible)).toEqual(['five-1', 'invite-1', 'streak-3']);
  });

  it('has nothing next when every badge is held', () => {
    const all = new Set(catalogue.map((b) => b.id));
    expect(evaluateBadges(ZERO_COUNTERS, catalogue, all).nextEligible).toEqual([]);
  });
});

describe('the badge catalogue', () => {
  it('has at least 15 badges with unique ids, covering every category and requirement type', () => {
    expect(BADGE_CATALOGUE.length).toBeGreaterThanOrEqual(15);
    expect(new Set(ids([...BADGE_CATALOGUE])).size).toBe(BADGE_CATALOGUE.length);
    const categories: BadgeCategory[] = ['milestone', 'streak', 'social', 'other'];
    expect(new Set(BADGE_CATALOGUE.map((b) => b.category))).toEqual(new Set(categories));
    expect(new Set(BADGE_CATALOGUE.map((b) => b.requirementType))).toEqual(
      new Set(Object.keys(ZERO_COUNTERS)),
    );
    for (const b of BADGE_CATALOGUE) expect(b.requirement).toBeGreaterThan(0);
  });
});
