// AurumWire's service worker for breaking-news alerts (decision 237). It does only this: show the
// notification a push message carries, and open its page when the reader clicks it. No caching,
// no fetch handler: pages load as they would without it.
self.addEventListener("push", (event) => {
  let message = { title: "AurumWire: breaking news", body: "", url: "/", tag: "breaking" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A message without a payload still tells the reader something happened.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/logo.png",
      badge: "/favicon.ico",
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
