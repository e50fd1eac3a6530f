/** The one error shape of the API: `{ error: { code, message } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}
