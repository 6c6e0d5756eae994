import { Component, useEffect, useRef, useState, type ReactNode } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { RemoteName } from '@venue/contracts';
import { LoadingState, type RemoteProps } from '@venue/ui';
import { loadRemoteApp, RemoteUnavailableError } from './remote-loader.ts';

type ParcelProps = RemoteProps & { search: string };

/**
 * What the user sees when a remote cannot run. `reason` is set when the shell knows why (a
 * remote built for other shared versions, no release deployed): retrying will not help until
 * someone deploys a fitting build, and saying so saves a support call.
 */
export function RemoteUnavailable({ onRetry, reason }: { onRetry: () => void; reason?: string | null }) {
  return (
    <Paper withBorder p="xl" radius="md" role="alert" data-testid="remote-unavailable">
      <Stack gap="sm" align="flex-start">
        {/* The only heading on the page while the section is missing. */}
        <Title order={1} fz="lg">
          This section is unavailable
        </Title>
        {reason ? (
          <Text size="sm" data-testid="remote-unavailable-reason">
            {reason}
          </Text>
        ) : null}
        <Text c="dimmed" size="sm">
          {reason
            ? 'The rest of VenueDesk still works.'
            : 'It could not be loaded. The rest of VenueDesk still works; try again in a moment.'}
        </Text>
        <Button variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Paper>
  );
}

type Phase = 'loading' | 'ready' | 'failed';

/**
 * Mounts one remote as a single-spa parcel in its own React root and keeps its props in step
 * with the route. The parcel stays mounted while the user moves between pages of the same
 * remote (only `update` runs); the shell keys this component by remote name.
 */
function ParcelHost({ remote, props }: { remote: RemoteName; props: ParcelProps }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const parcelRef = useRef<Parcel | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  const [phase, setPhase] = useState<Phase>('loading');
  const [reason, setReason] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setPhase('loading');
    void (async () => {
      try {
        const lifecycles = await loadRemoteApp(remote, { retry: attempt > 0 });
        const domElement = hostRef.current;
        if (cancelled || !domElement) return;
        const parcel = mountRootParcel(lifecycles, { ...propsRef.current, domElement });
        parcelRef.current = parcel;
        await parcel.mountPromise;
        if (!cancelled) setPhase('ready');
      } catch (error) {
        console.error(`Could not load the ${remote} section`, error);
        if (!cancelled) {
          setReason(error instanceof RemoteUnavailableError ? error.reason : null);
          setPhase('failed');
        }
      }
    })();
    return () => {
      cancelled = true;
      const parcel = parcelRef.current;
      parcelRef.current = null;
      if (parcel) {
        // Unmount after mounting settles; single-spa rejects an unmount of a parcel mid-mount.
        parcel.mountPromise
          .then(() => parcel.unmount())
          .catch((error: unknown) => console.warn(`Unmounting the ${remote} section failed`, error));
      }
    };
  }, [remote, attempt]);

  useEffect(() => {
    const parcel = parcelRef.current;
    if (phase !== 'ready' || !parcel?.update) return;
    parcel
      .update(props)
      .catch((error: unknown) => console.warn(`Updating the ${remote} section failed`, error));
  }, [props, phase, remote]);

  return (
    <>
      {phase === 'loading' ? <LoadingState label="Loading..." /> : null}
      {phase === 'failed' ? (
        <RemoteUnavailable reason={reason} onRetry={() => setAttempt((n) => n + 1)} />
      ) : null}
      <div ref={hostRef} data-remote-host={remote} hidden={phase !== 'ready'} />
    </>
  );
}

interface BoundaryState {
  failed: boolean;
  attempt: number;
}

/** A crash inside the shell's own parcel plumbing becomes the same "unavailable" panel. */
class RemoteBoundary extends Component<
  { remote: RemoteName; children: (attempt: number) => ReactNode },
  BoundaryState
> {
  override state: BoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error(`The ${this.props.remote} section crashed`, error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteUnavailable
          onRetry={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}
        />
      );
    }
    return this.props.children(this.state.attempt);
  }
}

export function RemoteArea({ remote, props }: { remote: RemoteName; props: ParcelProps }) {
  return (
    <RemoteBoundary remote={remote}>
      {(attempt) => <ParcelHost key={attempt} remote={remote} props={props} />}
    </RemoteBoundary>
  );
}
