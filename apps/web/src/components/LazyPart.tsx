import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** What stands in the part's place while its code loads. */
  fallback: ReactNode;
  /** What stands there for good when the code cannot be fetched; the fallback when not given. */
  failed?: ReactNode;
  children: ReactNode;
}

/**
 * A part of a screen whose code is fetched when it is first shown (React.lazy). When that fetch fails (offline, on a
 * device that never kept the file), the fallback stays in its place and the rest of the screen goes on working,
 * instead of the whole screen giving way to 'Something went wrong'.
 */
export class LazyPart extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    const { fallback, failed = fallback, children } = this.props;
    return this.state.failed ? failed : <Suspense fallback={fallback}>{children}</Suspense>;
  }
}
