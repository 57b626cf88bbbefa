import { PipeTransform } from '@nestjs/common';
import { analyticsBatch, type AnalyticsBatch, type AnalyticsClientEvent } from '@daybreak/contracts';
import { BadInputError, parseInput } from '@daybreak/nest-common';

/**
 * The SPA's batch, as fetch sends it (JSON) or as `navigator.sendBeacon` may (a text/plain body
 * holding JSON): parsed either way, then checked against the contract (spec §7's names only, bounded
 * sizes).
 */
export class AnalyticsBatchPipe implements PipeTransform<unknown, AnalyticsBatch> {
  transform(value: unknown): AnalyticsBatch {
    return parseInput(analyticsBatch, typeof value === 'string' ? parseJson(value) : value);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BadInputError('REQUEST.INVALID', 'The analytics batch is not JSON.');
  }
}

/** A property that names someone or something by id: a guest's event keeps none (ADR 0033). */
const ID_PROPERTY = /(^|_)id$/;
const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A guest's event without anything that could tell who they are or what exactly they looked at:
 * no id properties, and ids in the path replaced by `:id` (`/profile/:id`).
 */
export function anonymised(event: AnalyticsClientEvent): AnalyticsClientEvent {
  const properties = Object.fromEntries(
    Object.entries(event.properties).filter(([name]) => !ID_PROPERTY.test(name)),
  );
  const path = event.path
    .split('?')[0]
    .split('/')
    .map((segment) => (UUID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
  return { ...event, properties, path };
}
