/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts): insights' routes are 501 stubs so far. */
import { describeHostileInput, ownerOnlySetup } from '@venue/service-kit/testing';
import { insightsService } from './app.ts';

describeHostileInput('insights', () => ownerOnlySetup(insightsService));
