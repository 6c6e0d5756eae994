/** The generated hostile-input suite (packages/service-kit/src/testing/hostile.ts): money's routes are 501 stubs so far. */
import { describeHostileInput, ownerOnlySetup } from '@venue/service-kit/testing';
import { moneyService } from './app.ts';

describeHostileInput('money', () => ownerOnlySetup(moneyService, { hallOwnerId: '{owner}' }));
