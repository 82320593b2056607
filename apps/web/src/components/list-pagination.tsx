import { Pagination } from '@mantine/core';

/**
 * The page buttons under a list, named for a screen reader ('Page 2', 'Next page') inside a 'Pages' landmark; on a
 * phone only the current page's neighbours are left out. Nothing when the list fits on one page.
 */
export function ListPagination({
  total,
  pageSize,
  page,
  onChange,
  wide,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
  wide: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
        siblings={wide ? 1 : 0}
        boundaries={1}
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
      />
    </nav>
  );
}
