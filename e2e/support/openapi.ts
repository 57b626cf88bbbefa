/** The parts of the gateway's OpenAPI 3.1 description (`/api/docs.json`) the system tests read. */
export interface Operation {
  method: string;
  /** The template, e.g. `/api/posts/{id}`. */
  path: string;
  parameters: { name: string; in: 'path' | 'query'; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  maxLength?: number;
  format?: string;
};

export async function loadOperations(baseUrl: string): Promise<Operation[]> {
  const response = await fetch(`${baseUrl}/api/docs.json`);
  if (!response.ok) throw new Error(`/api/docs.json answered ${response.status}`);
  const document = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      ...operation,
      parameters: operation.parameters ?? [],
      method: method.toUpperCase(),
      path,
    })),
  );
}

/** Fills a template's `{name}` parameters (values are put in as given: encoding is the caller's). */
export const fillPath = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'missing');
