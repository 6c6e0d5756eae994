import { useState } from 'react';
import { Button, Tabs } from '@mantine/core';
import { PageHeader, useSession } from '@venue/ui';
import { HistoryTab } from './HistoryTab.tsx';
import { QuickEmailTab } from './QuickEmailTab.tsx';

/** Messages (spec 02 §2.12): the message history (e-mail and SMS, issue 26) and the quick e-mail, as two tabs. */
export function MessagesPage() {
  const { navigate } = useSession();
  const [tab, setTab] = useState<string | null>('history');
  return (
    <>
      <PageHeader
        title="Message History"
        subtitle="Every e-mail and SMS sent to customers, with its delivery status."
        actions={
          <Button variant="default" onClick={() => navigate('/CommsMailPreview')}>
            Mail preview
          </Button>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="history">Message History</Tabs.Tab>
          <Tabs.Tab value="quick">Send Quick Email</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="history">
          <HistoryTab />
        </Tabs.Panel>
        <Tabs.Panel value="quick">
          {/* Sent: back to the history, which the send already refreshed. */}
          <QuickEmailTab onSent={() => setTab('history')} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
