/** The Nimbus mark: a cloud. Decorative unless labelled by its container. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="logo">
      <defs>
        <linearGradient id="nimbus-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5b8cff" />
          <stop offset="1" stopColor="#2f5bea" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill="url(#nimbus-logo)" />
      <path d="M16 33h17a7 7 0 0 0 .9-13.94A10 10 0 0 0 14.6 21.4 6 6 0 0 0 16 33z" fill="#fff" />
    </svg>
  );
}
