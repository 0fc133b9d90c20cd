import { data } from "react-router";

/** Matches nothing else: always 404, rendered by the root error boundary. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
