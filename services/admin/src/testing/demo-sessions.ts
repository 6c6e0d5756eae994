/**
 * The setup most admin test files share: a fresh service with the four demo accounts signed
 * in. Not a test file itself.
 */
import { login, startAdmin, type Harness, type Session } from './harness.ts';

export interface DemoSessions {
  h: Harness;
  owner: Session;
  owner2: Session;
  staff: Session;
  admin: Session;
}

export async function startWithDemoSessions(): Promise<DemoSessions> {
  const h = await startAdmin();
  try {
    const [owner, owner2, staff, admin] = await Promise.all([
      login(h, 'owner@demo.local'),
      login(h, 'owner2@demo.local'),
      login(h, 'staff@demo.local'),
      login(h, 'admin@demo.local'),
    ]);
    return { h, owner, owner2, staff, admin };
  } catch (err) {
    // a failed sign-in would otherwise leave the service and its schema behind
    await h.close();
    throw err;
  }
}
