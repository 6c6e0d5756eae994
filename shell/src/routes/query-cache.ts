import type { QueryClient } from '@tanstack/react-query';

// The query client lives with the signed-in pages (react-query is not loaded for the sign-in
// page); sign-out clears whatever those pages cached, if they were ever shown.
let current: QueryClient | null = null;

export function registerQueryClient(client: QueryClient): void {
  current = client;
}

export function clearQueryCache(): void {
  current?.clear();
}
