import axios from 'axios';

/** The one HTTP client of the SPA. Same origin by default; VITE_API_URL points it elsewhere. */
export const apiClient = axios.create({
  baseURL: import.meta.env.VITE_API_URL ?? '',
  headers: { Accept: 'application/json' },
  timeout: 60_000,
});
