import { RemotePage, RemoteRoot, type RemoteProps } from '@venue/ui';
import { pages } from './pages.ts';

export function Root(props: RemoteProps) {
  return (
    <RemoteRoot {...props} testId="remote-catalogue">
      <RemotePage path={props.path} pages={pages} />
    </RemoteRoot>
  );
}
