export function meta() {
  return [
    { title: 'Hello from a bare React Router app' },
    { name: 'description', content: 'The smallest React Router 7 app: a yardstick.' },
  ];
}

export default function Home() {
  return (
    <main>
      <h1>Hello, world</h1>
      <p>A bare React Router 7 app, built and served like the default template.</p>
    </main>
  );
}
