import type { ReactNode } from 'react';
import { Input } from 'antd';
import { PageTitle } from '../../components/PageTitle';
import './backoffice.css';

interface Props {
  title: string;
  /** What the list shows, under the title. */
  intro: string;
  /** The search box's accessible name, shown as its placeholder. */
  searchLabel: string;
  search: string;
  /** Each change of the search text (a paged list goes back to its first page). */
  onSearch: (text: string) => void;
  /** The list's filters and buttons, after the search box. */
  children?: ReactNode;
}

/**
 * The head of a back-office list: its title, what it shows, and its search bar (a search landmark) with the search
 * box first, then the list's filters and buttons.
 */
export function BackofficeListHead({ title, intro, searchLabel, search, onSearch, children }: Props) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p className="bo-intro">{intro}</p>
      <div className="bo-toolbar" role="search">
        <Input.Search
          allowClear
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
        {children}
      </div>
    </>
  );
}
