import { isValidTimeZone } from '@daybreak/contracts';
import { wallClock as at } from '@daybreak/testing';
import { classificationZone, classifyPostTime, isEarlyMorning } from './time-classification';

describe('classifyPostTime', () => {
  it.each([
    ['2026-03-02 04:29', 'none'],
    ['2026-03-02 04:30', '5am'],
    ['2026-03-02 05:00', '5am'],
    ['2026-03-02 05:30', '5am'],
    ['2026-03-02 05:31', '6am'],
    ['2026-03-02 06:30', '6am'],
    ['2026-03-02 06:31', 'none'],
    ['2026-03-02 17:00', 'none'],
  ])('at %s in New York is %s', (local, expected) => {
    expect(classifyPostTime(at(local, 'America/New_York'), 'America/New_York')).toBe(expected);
  });

  it('uses the author zone, not the server zone: one instant, three answers', () => {
    const instant = new Date('2026-06-15T09:45:00Z');
    expect(classifyPostTime(instant, 'Europe/London')).toBe('none'); // 10:45
    expect(classifyPostTime(instant, 'America/New_York')).toBe('6am'); // 05:45
    expect(classifyPostTime(instant, 'America/Chicago')).toBe('5am'); // 04:45
  });

  it('classifies by wall time on the day clocks spring forward (New York, 2026-03-08)', () => {
    expect(classifyPostTime(at('2026-03-08 05:10', 'America/New_York'), 'America/New_York')).toBe('5am');
    expect(classifyPostTime(at('2026-03-08 06:10', 'America/New_York'), 'America/New_York')).toBe('6am');
  });

  it('handles half-hour and far-east zones', () => {
    expect(classifyPostTime(at('2026-01-10 04:45', 'Asia/Kolkata'), 'Asia/Kolkata')).toBe('5am');
    expect(classifyPostTime(at('2026-01-10 06:00', 'Pacific/Kiritimati'), 'Pacific/Kiritimati')).toBe('6am');
  });

  it('treats only 5am and 6am as early morning', () => {
    expect(isEarlyMorning('5am')).toBe(true);
    expect(isEarlyMorning('6am')).toBe(true);
    expect(isEarlyMorning('none')).toBe(false);
  });
});

describe('isValidTimeZone', () => {
  it('accepts IANA names and rejects the rest', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('classificationZone (ADR 0009)', () => {
  it("is the author's stored zone, whatever zone the post was sent with", () => {
    expect(classificationZone('America/New_York', 'Europe/Paris')).toBe('Europe/Paris');
  });

  it('is the sent zone only while no stored zone is known', () => {
    expect(classificationZone('America/New_York', null)).toBe('America/New_York');
    expect(classificationZone('America/New_York', undefined)).toBe('America/New_York');
  });

  it('makes a "5 AM" post sent with a fake zone count as what it is at home', () => {
    const elevenInParis = new Date('2026-01-15T10:00:00Z'); // 05:00 in New York
    expect(classifyPostTime(elevenInParis, classificationZone('America/New_York', 'Europe/Paris'))).toBe(
      'none',
    );
  });
});
