/**
 * The console's only script, served from /console/assets/console.js (CSP `script-src 'self'`; a
 * module, not a file, so the bundled CLI carries it). Progressive enhancement: every page works
 * without it. On an Accounts page whose latest sync is queued or running, it polls that run's
 * progress, announces it in the page's live region, and reloads the page once the run has ended
 * so the accounts and the sync history show its result.
 */
export const CONSOLE_JS = `"use strict";
(function () {
  var region = document.querySelector('[data-sync-progress]');
  if (!region) return;
  var url = region.getAttribute('data-sync-progress');
  function describe(run) {
    var c = run.counts;
    return 'Sync ' + run.status + ': ' + c.pages + ' pages, ' + c.seen + ' accounts seen.';
  }
  function poll() {
    fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (run) {
        if (!run) return;
        if (run.status === 'queued' || run.status === 'running') {
          region.textContent = describe(run);
          setTimeout(poll, 1500);
        } else {
          region.textContent = 'Sync ' + run.status + '. Reloading the page.';
          location.reload();
        }
      })
      .catch(function () { region.textContent = 'Progress is not available; reload the page to see the sync history.'; });
  }
  setTimeout(poll, 1000);
})();
`;
