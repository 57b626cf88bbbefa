/** Profile data lives under `/api/profile/{id}`; statistics and badges hang below it. */
export const profileKeys = {
  all: ['/api/profile'] as const,
  detail: (userId: string) => ['/api/profile', userId] as const,
  statistics: (userId: string) => ['/api/profile', userId, 'statistics'] as const,
  badges: (userId: string) => ['/api/profile', userId, 'badges'] as const,
};
