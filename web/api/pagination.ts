/** The list envelope of paginated API answers: `{ data, meta: { page, per_page, total } }`. */
export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
}

export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}
