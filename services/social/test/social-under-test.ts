import { RunningService } from '@daybreak/messaging';
import { serviceUnderTest, startTestService, testServiceEnv } from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadSocialConfig } from '../src/config';

/** For a describe block: the social service against the real test infrastructure (serviceUnderTest). */
export function socialUnderTest(): () => RunningService {
  return serviceUnderTest(() =>
    startTestService('social', AppModule.forConfig(loadSocialConfig(testServiceEnv()))),
  );
}
