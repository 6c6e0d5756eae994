import { useId } from 'react';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { OnlineRequestInfo } from '../api/types.ts';
import { useFormat } from './format.ts';

/**
 * What the customer sent from the venue's booking page (issue 25): their answers to the venue's
 * questions as the questions read then, and the hire agreement version they accepted and when.
 */
export function OnlineRequestDetails({ info }: { info: OnlineRequestInfo }) {
  const fmt = useFormat();
  const titleId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="md" id={titleId}>
        Sent from the booking page
      </Title>
      {info.answers.length ? (
        <Table aria-label="Answers to your questions">
          <Table.Tbody>
            {info.answers.map((a) => (
              <Table.Tr key={a.questionId}>
                <Table.Th scope="row" w={150}>
                  {a.label}
                </Table.Th>
                <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {a.answer || '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No questions were answered.
        </Text>
      )}
      <Text size="sm">
        Hire agreement version {info.agreementVersion} accepted {fmt.dateTime(info.acceptedAt)}
      </Text>
      <Text size="xs" c="dimmed">
        Sent from address {info.clientAddress}
      </Text>
    </Stack>
  );
}
