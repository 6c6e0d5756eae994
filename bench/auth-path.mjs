// The cost of the auth path: an authenticated read through the gateway, the same read sent to
// the service directly (it then verifies the token and looks the principal up itself), and a
// bare Koa hello, all in one run. Targets: gateway ≥ 10 % of bare Koa; gateway ÷ direct ≥ 0.85.
// Needs a running product (`npm start`, or DATABASE_URL=… npm start for PostgreSQL).
import { base, baseline, load, report, signIn } from './lib/run.mjs';

const path = process.env.READ_PATH ?? '/api/users/profile';
const direct = process.env.ADMIN_URL ?? 'http://127.0.0.1:7101';
const connections = Number(process.env.CONNECTIONS ?? 16);
const token = await signIn();
const headers = { authorization: `Bearer ${token}` };

const viaGateway = await load(base + path, { connections, headers, title: `${path} through the gateway` });
const toService = await load(direct + path, { connections, headers, title: `${path} to admin directly` });
const bare = await baseline(connections);
report([viaGateway, toService], bare, `${connections} connections`);
console.log(`gateway ÷ direct: ${(viaGateway.rps / toService.rps).toFixed(2)} (target ≥ 0.85)`);
console.log(`gateway ÷ bare Koa: ${((100 * viaGateway.rps) / bare.rps).toFixed(1)} % (target ≥ 10 %)`);
process.exitCode = viaGateway.failed + toService.failed > 0 ? 1 : 0;
