/** The one error shape of the API: `{ error: { code, message } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export type Paginated<T> = { items: T[]; nextCursor: string | null };
