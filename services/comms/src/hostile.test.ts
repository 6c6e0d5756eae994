/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts): comms' routes are 501 stubs so far. */
import { describeHostileInput, ownerOnlySetup } from '@venue/service-kit/testing';
import { commsService } from './app.ts';

describeHostileInput('comms', () => ownerOnlySetup(commsService));
