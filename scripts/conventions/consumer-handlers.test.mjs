// @ts-check
// Run: node --test scripts/conventions/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { busyConsumerHandlers, busyHandlers } from './consumer-handlers.mjs';

const consumer = (body) => `
@Controller()
export class ThingsConsumer {
  @OnEvent('thing.happened')
  async onThing(@Payload() event: EventOf<'thing.happened'>, @Ctx() tx: Transaction): Promise<void> {
    ${body}
  }

  helper(): void {
    this.a.b();
    this.c.d();
  }
}`;
const busy = (body) => busyHandlers('things.consumer.ts', consumer(body)).map((found) => found.handler);

test('a handler may make one service call, returned or awaited', () => {
  assert.deepEqual(busy('return this.things.apply(tx, event.payload, new Date(event.occurredAt));'), []);
  assert.deepEqual(busy('await this.things.apply(tx, event.payload);'), []);
});

test('finds a handler that makes two calls, or reaches a table itself', () => {
  assert.deepEqual(
    busy('await this.things.record(tx, event.payload);\n    await this.badges.award(tx, id);'),
    ['onThing'],
  );
  assert.deepEqual(busy('await tx.manager.query(`DELETE FROM things WHERE id = $1`, [event.payload.id]);'), [
    'onThing',
  ]);
  assert.deepEqual(busy('await Promise.all([this.things.a(tx), this.things.b(tx)]);'), ['onThing']);
});

test("every service's consumer handlers make one service call each", () => {
  assert.deepEqual(
    busyConsumerHandlers().map(({ file, handler }) => `${file}: ${handler}`),
    [],
    "Move the handler's work into one method of its service",
  );
});
