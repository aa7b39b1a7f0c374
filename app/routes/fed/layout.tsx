import { Outlet, useLocation } from 'react-router';
import { LoginButton } from '~/features/auth/login-button';
import { CourseMenu } from '~/features/courses/course-menu';
import { useRootData } from '~/lib/root-data';
import { buttonClass } from '~/ui/button';

export default function StudentAreaLayout() {
  const { viewer } = useRootData();
  const location = useLocation();
  return (
    <div className="mx-auto w-full max-w-7xl flex-1 md:flex">
      <CourseMenu
        viewer={viewer}
        signInAction={
          <LoginButton
            label="Login With Google"
            returnTo={location.pathname}
            className={buttonClass('primary', 'w-full')}
          />
        }
      />
      <div className="min-w-0 flex-1 px-4 py-8 md:px-10">
        <Outlet />
      </div>
    </div>
  );
}
