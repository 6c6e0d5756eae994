import { setupServer } from 'msw/node';

/**
 * The one mock API of the UI component tests (never of service tests: those run the real
 * services). The jest setup starts it for every test file and fails any request no test
 * answered; a test adds its answers with `server.use(http.get('/api/…', …))`.
 */
export const server = setupServer();
