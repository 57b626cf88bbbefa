import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// The Product dashboard (ADR 0033): provisioned beside the operations one, on the Postgres data source,
// reading streaks' analytics tables and views alone (its SQL is run against them in
// services/streaks/test/product-analytics.int-spec.ts).
const ROOT = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface Panel {
  title: string;
  datasource: { uid: string };
  targets: { rawSql: string; datasource: { uid: string } }[];
}
const dashboard = JSON.parse(read('deploy/grafana/dashboards/product.json')) as {
  uid: string;
  panels: Panel[];
};
const migration = read('services/streaks/src/migrations/1744100000000-product-analytics.ts');
const created = new Set([...migration.matchAll(/CREATE (?:TABLE|VIEW) (\w+)/g)].map(([, name]) => name));
const granted =
  /GRANT SELECT ON ([\w,\s]+) TO/
    .exec(migration)?.[1]
    .split(',')
    .map((name) => name.trim()) ?? [];
const datasources = parse(read('deploy/grafana/provisioning/datasources/product-postgres.yml')) as {
  datasources: { uid: string; type: string }[];
};

describe('the Product dashboard', () => {
  it('has the panels issue 44 asks for', () => {
    expect(dashboard.panels.map((panel) => panel.title)).toEqual(
      expect.arrayContaining([
        'Daily active members',
        'Posts by local hour',
        '5am and 6am share of posts',
        'Streak length distribution',
        'Funnel: sign-up, first post, first 7-day streak',
      ]),
    );
  });

  it('reads the provisioned Postgres data source in every panel and query', () => {
    const [source] = datasources.datasources;
    expect(source).toMatchObject({ uid: 'product-postgres', type: 'grafana-postgresql-datasource' });
    for (const panel of dashboard.panels) {
      expect(panel.datasource.uid).toBe(source?.uid);
      for (const target of panel.targets) expect(target.datasource.uid).toBe(source?.uid);
    }
  });

  it("names only the analytics tables and views streaks creates and lets Grafana's role read", () => {
    for (const panel of dashboard.panels)
      for (const { rawSql } of panel.targets) {
        const tables = [...rawSql.matchAll(/\b(?:FROM|JOIN)\s+(\S+)/gi)].map(([, name]) => name);
        expect(tables.length).toBeGreaterThan(0);
        for (const table of tables) {
          expect(table).toMatch(/^streaks\.analytics_\w+$/);
          const name = table.replace('streaks.', '');
          expect(created).toContain(name);
          expect(granted).toContain(name);
        }
      }
  });

  it('is provisioned from the folder the operations dashboard is in', () => {
    const provider = parse(read('deploy/grafana/provisioning/dashboards/daybreak.yml')) as {
      providers: { options: { path: string } }[];
    };
    expect(provider.providers[0]?.options.path).toBe('/var/lib/grafana/dashboards');
    expect(read('docker-compose.yml')).toContain('./deploy/grafana/dashboards:/var/lib/grafana/dashboards');
  });
});
