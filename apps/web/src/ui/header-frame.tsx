import type { ReactNode } from "react";

/** The frame of a guest page's header: the skip link, the brand, the navigation and the tools. */
export function HeaderFrame(props: {
  skipLabel: string;
  brand: string;
  navLabel: string;
  nav: ReactNode;
  tools: ReactNode;
}) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {props.skipLabel}
      </a>
      <div className="site-header__brand">{props.brand}</div>
      <nav aria-label={props.navLabel} className="site-header__nav">
        {props.nav}
      </nav>
      <div className="header-tools">{props.tools}</div>
    </header>
  );
}
