import { Alert, Box, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SkeletonRows } from '../../../components/page-skeleton.tsx';

export type FiguresTable = { columns: string[]; rows: (string | number)[][] };

/**
 * One chart: a titled section, the drawing (an image to assistive technology, described in words)
 * and, folded away below it, the same figures as a table for anyone who cannot read the drawing.
 */
export function ChartPanel({
  id,
  title,
  description,
  summary,
  query,
  table,
  asImage = true,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  /** What the chart shows, in one sentence: the drawing's accessible name. */
  summary: string;
  /** The figures' query: the panel shows its loading and its failure. */
  query: { isPending: boolean; error: Error | null };
  table?: FiguresTable;
  /** False when the content is itself accessible (a table): it is then not wrapped as an image. */
  asImage?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid={`chart-${id}`}
    >
      <Title order={2} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="var(--app-muted)" mb="xs">
          {description}
        </Text>
      )}
      {query.error ? (
        <Alert color="red" title={`${title} could not be loaded`} role="alert" mt="xs">
          {query.error.message}
        </Alert>
      ) : query.isPending ? (
        <Box my="md">
          <SkeletonRows label={`Loading ${title.toLowerCase()}`} rows={3} height={48} />
        </Box>
      ) : (
        <>
          <Box
            role={asImage ? 'img' : undefined}
            aria-label={asImage ? summary : undefined}
            mt="xs"
            w="100%"
            style={{ minWidth: 0 }}
          >
            {children}
          </Box>
          {table && table.rows.length > 0 && (
            <Box component="details" mt="xs">
              <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
                Show the figures
              </Text>
              <Table fz="sm" striped aria-label={`${title}: figures`}>
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((column, index) => (
                      <Table.Th key={column} scope="col" ta={index === 0 ? 'left' : 'right'}>
                        {column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row) => (
                    <Table.Tr key={String(row[0])}>
                      {row.map((cell, index) =>
                        index === 0 ? (
                          <Table.Th key={table.columns[index]} scope="row" fw={500}>
                            {cell}
                          </Table.Th>
                        ) : (
                          <Table.Td key={table.columns[index]} ta="right">
                            {cell}
                          </Table.Td>
                        ),
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}
