import { randomUUID } from 'node:crypto';
import topicsFile from '../../topics.json';
import { displayName } from '../api/user';
import { createEvent, parseEvent } from './create-event';
import { allEventTypes, eventTypeOfTopic, messageKeyOf, topicOf } from './registry';

const context = { producer: 'tests', actorId: null, correlationId: 'c-1' };

describe('event catalogue', () => {
  it('has exactly the topics the infrastructure pre-creates', () => {
    const catalogueTopics = allEventTypes.map(topicOf).sort();
    const precreated = topicsFile.topics.map((topic) => topic.name).sort();
    expect(precreated).toEqual(catalogueTopics);
  });

  it('names topics by type and version, and maps them back', () => {
    expect(topicOf('post.created')).toBe('post.created.v1');
    expect(eventTypeOfTopic('post.created.v1')).toBe('post.created');
    expect(eventTypeOfTopic('post.created.v9')).toBeUndefined();
  });

  it('keys messages by the aggregate id', () => {
    const postId = randomUUID();
    expect(messageKeyOf('post.liked', { postId, postAuthorId: randomUUID(), likerId: randomUUID() })).toBe(
      postId,
    );
  });
});

describe('createEvent / parseEvent', () => {
  const payload = { postId: randomUUID(), authorId: randomUUID() };

  it('round-trips a valid event through JSON', () => {
    const event = createEvent('post.deleted', payload, context);

    const parsed = parseEvent('post.deleted', JSON.parse(JSON.stringify(event)));

    expect(parsed).toEqual(event);
    expect(parsed).toMatchObject({
      type: 'post.deleted',
      version: 1,
      producer: 'tests',
      correlationId: 'c-1',
    });
  });

  it('refuses to create an event whose payload breaks its schema', () => {
    expect(() => createEvent('post.deleted', { postId: 'nope' } as never, context)).toThrow();
  });

  it('refuses a message of another type or with a broken payload', () => {
    const event = createEvent('post.deleted', payload, context);
    expect(() => parseEvent('post.created', event)).toThrow(/Expected event type post.created/);
    expect(() => parseEvent('post.deleted', { ...event, payload: { postId: 1 } })).toThrow();
    expect(() => parseEvent('post.deleted', { ...event, eventId: 'x' })).toThrow();
  });

  it('reads a post.hidden published before UNHIDE (no `hidden`) as a hide (ADR 0035)', () => {
    const event = createEvent(
      'post.hidden',
      { ...payload, moderatorId: randomUUID(), hidden: true },
      context,
    );
    const { hidden: _hidden, ...before } = event.payload;
    expect(parseEvent('post.hidden', { ...event, payload: before }).payload.hidden).toBe(true);
  });
});

describe('displayName', () => {
  it.each([
    [{ profileName: 'ana_rises', firstName: 'Ana', lastName: 'Dawn' }, 'ana_rises'],
    [{ profileName: '  ', firstName: 'Ana', lastName: 'Dawn' }, 'Ana Dawn'],
    [{ profileName: null, firstName: 'Ana', lastName: null }, 'Ana'],
    [{ profileName: null, firstName: null, lastName: 'Dawn' }, 'Member'],
    [null, 'Member'],
  ])('%j → %s', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
});
