// How fast a change that must bite reaches the gateway: the owner deactivates a staff member
// (and, second, changes their permissions) while the staff member's browser keeps calling the
// API; prints the time from the owner's answer to the first refused request. Runs against a
// running product with the demo data (`npm start`); restores the staff member afterwards.
import { base, machine, signIn } from './lib/run.mjs';

const OWNER = process.env.EMAIL ?? 'owner@demo.local';
const STAFF = process.env.STAFF_EMAIL ?? 'staff@demo.local';
const PASSWORD = process.env.PASSWORD ?? 'demo-pass-2026';
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const ownerToken = await signIn(OWNER, PASSWORD);
const owner = { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' };
const profile = await (await fetch(`${base}/api/users/profile`, { headers: owner })).json();
const subs = await (
  await fetch(`${base}/api/users/sub-users/${profile.id ?? profile.user?.id}`, { headers: owner })
).json();
const staff = (subs.subUsers ?? subs.users ?? subs).find((u) => u.email === STAFF);
if (!staff) throw new Error(`${STAFF} is not a staff member of ${OWNER}`);

async function put(change) {
  // The form sends the whole staff member, changed.
  const body = {
    name: staff.name,
    email: staff.email,
    permissions: staff.permissions,
    status: 'active',
    ...change,
  };
  const res = await fetch(`${base}/api/users/sub-users/${staff.id}`, {
    method: 'PUT',
    headers: owner,
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT sub-user answered ${res.status}: ${await res.text()}`);
}

/** Calls the API as staff until it is refused (or 10 s pass); the time of the first refusal. */
async function refusedAt(token) {
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    const res = await fetch(`${base}/api/bookings?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status === 401 || res.status === 403) return performance.now();
  }
  return Infinity;
}

/** Starts polling as staff, applies the change, and measures from the owner's answer. */
async function measure(change) {
  const token = await signIn(STAFF, PASSWORD);
  const refused = refusedAt(token);
  await change();
  const answered = performance.now();
  // The refusal can land before the owner's own answer arrives: that counts as 0.
  return Math.max(0, (await refused) - answered);
}

const results = { deactivation: [], permissionChange: [] };
for (let i = 0; i < ROUNDS; i++) {
  results.deactivation.push(await measure(() => put({ status: 'inactive' })));
  await put({ status: 'active' });
  const without = staff.permissions.filter((p) => p !== 'bookings');
  results.permissionChange.push(await measure(() => put({ permissions: without })));
  await put({ permissions: staff.permissions });
}

const summary = (xs) =>
  `median ${Math.round(xs.sort((a, b) => a - b)[xs.length >> 1])} ms, worst ${Math.round(Math.max(...xs))} ms`;
console.log(machine());
console.log(`deactivation → refused: ${summary(results.deactivation)} over ${ROUNDS} rounds`);
console.log(
  `permission change → old token refused: ${summary(results.permissionChange)} over ${ROUNDS} rounds`,
);
