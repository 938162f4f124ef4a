import { PageContent } from './page-content';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

export function AdminShell() {
  return (
    <div className="app-shell">
      <TopBar />
      <div className="app-body">
        <SideMenu />
        <main className="app-content">
          <PageContent />
        </main>
      </div>
    </div>
  );
}
