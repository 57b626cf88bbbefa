/**
 * The secret integration tests share with the services they boot. Kept free of imports: jest's
 * globalSetup loads it outside the module mapper that resolves @daybreak/* to source.
 */
export const TEST_SERVICE_TOKEN_SECRET = 'test-service-token-secret-0123456789abcdef';
