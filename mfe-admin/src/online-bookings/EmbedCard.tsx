import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Card, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { SegmentedChoice } from '@venue/ui/choice';
import { embedSnippets, publicUrl } from './online-bookings-form.ts';

type Variant = 'iframe' | 'script';

const VARIANT_WORDS: Record<Variant, string> = {
  iframe:
    'The booking page in a frame, with the small script beside it that sizes the frame to the page (no inner scroll bar).',
  script: 'A placeholder the small script fills with the booking page, sized to it.',
};

/**
 * The snippet a venue pastes into its own website, and a preview of what it shows. Both name
 * the saved address: the page visitors reach is the stored one, not what is being typed.
 */
export function EmbedCard({
  slug,
  enabled,
  dirty,
}: {
  slug: string | null;
  enabled: boolean;
  dirty: boolean;
}) {
  const origin = window.location.origin;
  const [variant, setVariant] = useState<Variant>('iframe');
  return (
    <Card withBorder padding="lg" data-testid="online-embed">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Put it on your website
        </Title>
        {!slug ? (
          <Text size="sm" c="dimmed">
            Choose the address of your booking page and save: the snippet to paste into your own website
            appears here.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Paste this into a page of your website where the booking page should appear. It works on any
              site that lets you add HTML.
            </Text>
            {dirty ? (
              <Text size="sm" c="dimmed">
                The snippet and the preview show the saved settings: save to see your changes here.
              </Text>
            ) : null}
            <SegmentedChoice
              label="Snippet"
              labelHidden
              options={[
                { value: 'iframe', label: 'Frame' },
                { value: 'script', label: 'Script' },
              ]}
              value={variant}
              onChange={setVariant}
              style={{ alignSelf: 'flex-start' }}
            />
            <Text size="sm" c="dimmed">
              {VARIANT_WORDS[variant]}
            </Text>
            <Snippet code={embedSnippets(origin, slug)[variant]} />
            <Title order={3} fz="md" mt="sm">
              Preview
            </Title>
            {enabled ? (
              <PreviewToggle slug={slug} />
            ) : (
              <Text size="sm" c="dimmed" data-testid="online-preview-off">
                The page is off: visitors to {publicUrl(origin, slug)} are told your venue does not take
                online bookings. Turn it on and save to preview it.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Snippet({ code }: { code: string }) {
  return (
    <Stack gap="xs">
      <Code
        block
        data-testid="online-embed-snippet"
        aria-label="Embed snippet"
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >
        {code}
      </Code>
      <Group>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
              {copied ? 'Copied' : 'Copy snippet'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * The preview loads only when asked for: the booking page is a whole page with its own requests
 * (counted by the public routes' limits), not something every visit to the settings should load.
 */
function PreviewToggle({ slug }: { slug: string }) {
  const [shown, setShown] = useState(false);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button variant="default" aria-expanded={shown} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide preview' : 'Show preview'}
        </Button>
        <Anchor href={`/book/${slug}`} target="_blank" rel="noopener" size="sm">
          Open the booking page in a new tab
        </Anchor>
      </Group>
      {shown ? <Preview slug={slug} /> : null}
    </Stack>
  );
}

/** The booking page as the snippet shows it, framed the same way and sized by its height messages. */
function Preview({ slug }: { slug: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(640);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type === 'venuedesk:height' && typeof data.height === 'number')
        setHeight(Math.max(200, Math.min(4000, Math.ceil(data.height))));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <Stack gap="xs">
      <iframe
        ref={frame}
        src={`/book/${slug}?embed=1`}
        title="Preview of your booking page"
        loading="lazy"
        data-testid="online-preview"
        style={{ display: 'block', width: '100%', border: '1px solid var(--mantine-color-gray-3)', height }}
      />
    </Stack>
  );
}
