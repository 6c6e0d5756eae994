import { Table } from '@mantine/core';

/** Label and value pairs of one booking, read as a row header and its cell. */
export function DetailsTable({ rows }: { rows: [string, string][] }) {
  return (
    <Table>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th scope="row">{k}</Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
