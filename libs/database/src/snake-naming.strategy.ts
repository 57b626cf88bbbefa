import { DefaultNamingStrategy, NamingStrategyInterface } from 'typeorm';

const toSnake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** Property `createdAt` ↔ column `created_at`, so entities read like TypeScript and tables like SQL. */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override tableName(className: string, customName?: string): string {
    return customName ?? toSnake(className);
  }
  override columnName(propertyName: string, customName: string | undefined, prefixes: string[]): string {
    return toSnake(prefixes.join('_')) + (customName ?? toSnake(propertyName));
  }
  override relationName(propertyName: string): string {
    return toSnake(propertyName);
  }
  override joinColumnName(relationName: string, referencedColumnName: string): string {
    return toSnake(`${relationName}_${referencedColumnName}`);
  }
}
