export * from './snake-naming.strategy';
export * from './database.module';
export * from './service-role';
export * from './named-statement';
export * from './user-snapshot';
export * from './row-counts';
export * from './delete-in-turns';
