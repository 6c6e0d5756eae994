import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/**
 * Whether the screens a section describes exist in this build. Flip an entry when its domain
 * lands, so the documentation never describes a screen the user cannot open.
 */
export const AVAILABLE = {
  dashboard: true,
  calendar: true,
  bookings: true,
  invoices: true,
  quotations: true,
  resources: true,
  pricing: true,
  customers: true,
  reports: true,
  comms: true,
} as const;

export interface HelpSection {
  id: string;
  title: string;
  /** undefined: not tied to one area (always applies). */
  available?: boolean;
  body: ReactNode;
}

/** A paragraph of the help text. */
export const P = ({ children }: { children: ReactNode }) => <Text size="sm">{children}</Text>;
