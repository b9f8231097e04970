import { Component, type ReactNode } from "react";
import { reportError } from "../features/error-reporting/reportError";

interface RouteErrorBoundaryProps {
  /** The page's path and query: any navigation (Back, a query-only change) tries the page again. */
  address: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  address: string;
}

/** A page that throws while rendering shows `fallback` until the visitor goes to another address. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state = { failed: false, address: this.props.address };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): RouteErrorBoundaryState | null {
    return props.address === state.address ? null : { failed: false, address: props.address };
  }

  override componentDidCatch(error: unknown) {
    reportError("render", error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
