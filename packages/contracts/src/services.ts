/**
 * The one route table: which service owns which `/api` prefix. The gateway routes by it,
 * the launcher starts the services on these ports, and health reports use the labels.
 */
export type ServiceName = 'admin' | 'catalogue' | 'bookings' | 'money' | 'comms' | 'insights';

export interface ServiceDef {
  name: ServiceName;
  /** What the 503 message calls the area, e.g. "Bookings is unavailable". */
  area: string;
  defaultPort: number;
  /** Path prefixes under /api owned by the service ("/api/users" matches /api/users and /api/users/...). */
  prefixes: string[];
  /** Upstream timeout in ms for requests to this service. */
  timeoutMs: number;
}

export const SERVICES: ServiceDef[] = [
  {
    name: 'admin',
    area: 'Accounts & settings',
    defaultPort: 7101,
    prefixes: [
      '/api/login',
      '/api/logout',
      '/api/auth',
      '/api/users',
      '/api/audit',
      '/api/tenant-settings',
      '/api/files',
      '/api/integrations',
      // Settings → Online bookings (decision 56)
      '/api/settings',
    ],
    timeoutMs: 15000,
  },
  {
    name: 'catalogue',
    area: 'Resources & pricing',
    defaultPort: 7102,
    prefixes: [
      '/api/resources',
      '/api/pricing',
      '/api/addons',
      '/api/holidays',
      '/api/blockouts',
      '/api/price-quote',
      '/api/ics',
    ],
    timeoutMs: 10000,
  },
  {
    name: 'bookings',
    area: 'Bookings & customers',
    defaultPort: 7103,
    prefixes: ['/api/bookings', '/api/customers', '/api/calendar'],
    timeoutMs: 10000,
  },
  {
    name: 'money',
    area: 'Invoices, deposits & quotations',
    defaultPort: 7104,
    prefixes: ['/api/invoices', '/api/payments', '/api/quotations', '/api/deposits'],
    timeoutMs: 15000,
  },
  {
    name: 'comms',
    area: 'Communications',
    defaultPort: 7105,
    prefixes: ['/api/email-templates', '/api/email-comms'],
    timeoutMs: 15000,
  },
  {
    name: 'insights',
    area: 'Dashboard & reports',
    defaultPort: 7106,
    prefixes: ['/api/dashboard', '/api/reports'],
    timeoutMs: 15000,
  },
];

export function serviceForPath(path: string): ServiceDef | undefined {
  return SERVICES.find((s) => s.prefixes.some((p) => path === p || path.startsWith(p + '/')));
}

/** Port the gateway listens on unless PORT says otherwise (the relay posts its events there). */
export const GATEWAY_DEFAULT_PORT = 8080;

/** Environment variable holding a service's base URL, e.g. ADMIN_URL. */
export function serviceUrlEnv(name: ServiceName): string {
  return `${name.toUpperCase()}_URL`;
}
