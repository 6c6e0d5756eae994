// Load on loopback through the gateway with a real signed-in owner. Bounded by DURATION.
import autocannon from 'autocannon';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const pathArg = process.argv.indexOf('--path');
const path = pathArg > 0 ? process.argv[pathArg + 1] : '/api/users/profile';

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: process.env.EMAIL ?? 'owner@demo.local',
    password: process.env.PASSWORD ?? 'demo-pass-2026',
  }),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
const { token } = await login.json();

const result = await autocannon({
  url: base + path,
  connections: 20,
  duration: Number(process.env.DURATION ?? 10),
  headers: { authorization: `Bearer ${token}` },
});
console.log(autocannon.printResult(result));
const failed = result.errors + result.non2xx;
console.log(`p99 ${result.latency.p99} ms, ${result.requests.average} req/s, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
