//! End to end in a real browser: headless Chromium, driven through
//! ChromeDriver, loads the page, runs the almond-crescent-cookies gold network
//! and checks what a person would look at. It saves a screenshot.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them);
//! `CHROMEDRIVER` and `CHROME_BIN` override where they are looked for.

mod common;

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::start;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use sous_server::Limits;

const WAIT: Duration = Duration::from_secs(90);

/// ChromeDriver, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn found(env: &str, candidates: &[&str]) -> PathBuf {
    if let Ok(p) = std::env::var(env) {
        return PathBuf::from(p);
    }
    candidates
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
        .unwrap_or_else(|| {
            panic!(
                "the browser test needs Chromium and ChromeDriver: install them with \
                 `apt-get install -y chromium chromium-driver` (as .ci/run does), or set \
                 {env} to the program; looked in {candidates:?}"
            )
        })
}

fn start_driver() -> Driver {
    let program = found(
        "CHROMEDRIVER",
        &["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"],
    );
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = Command::new(&program)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let url = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(30);
    while ureq::get(&format!("{url}/status")).call().is_err() {
        assert!(
            Instant::now() < deadline,
            "ChromeDriver did not start on {url}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    Driver { child, url }
}

async fn connect(driver: &Driver) -> Client {
    let chrome = found(
        "CHROME_BIN",
        &["/usr/bin/chromium", "/usr/bin/chromium-browser"],
    );
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chrome,
            // WebGL without a GPU (the 3D viewer): SwiftShader, in software.
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
                     "--disable-dev-shm-usage", "--hide-scrollbars",
                     "--window-size=1600,2900", "--force-device-scale-factor=1"],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a browser session")
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

async fn wait_for(c: &Client, what: &str, script: &str) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let v = js(c, script).await;
        if !(v.is_null() || v == false) {
            return v;
        }
        if Instant::now() > deadline {
            let status = js(c, "return document.getElementById('status').textContent").await;
            panic!("timed out waiting for {what}; the page says: {status}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Picks the almond-crescent-cookies benchmark recipe, as a person would.
async fn pick_almond(c: &Client) -> Result<(), String> {
    c.find(Locator::Css("#recipe-select"))
        .await
        .map_err(|e| e.to_string())?
        .select_by_value("recipe:almond-crescent-cookies")
        .await
        .map_err(|e| e.to_string())
}

async fn click(c: &Client, css: &str) -> Result<(), String> {
    c.find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?
        .click()
        .await
        .map_err(|e| format!("{css}: {e}"))
}

fn screenshot_path() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-almond-crescent-cookies.png")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_page_runs_the_almond_gold_network() {
    let base = start(true, Limits::default());
    let gold_actions = sous_testdata::parse_one(&sous_testdata::gold_file(
        &sous_testdata::gold_current_dir(),
        "almond-crescent-cookies",
    ))
    .predicates
    .len();
    let driver = start_driver();
    let c = connect(&driver).await;
    let result = check_page(&c, &base, gold_actions).await;
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(screenshot_path(), png).expect("the screenshot is saved");
    eprintln!("screenshot: {}", screenshot_path().display());
    c.close().await.ok();
    result.unwrap_or_else(|e| panic!("{e}"));
}

/// Loads the page and waits until its script has started.
async fn open_page(c: &Client, base: &str) -> Result<(), String> {
    c.goto(&format!("{base}/"))
        .await
        .map_err(|e| e.to_string())?;
    wait_for(
        c,
        "the page to start",
        "return document.body.dataset.ready === '1'",
    )
    .await;
    Ok(())
}

async fn check_page(c: &Client, base: &str, gold_actions: usize) -> Result<(), String> {
    open_page(c, base).await?;
    pick_almond(c).await?;
    wait_for(
        c,
        "the gold dish comparison",
        "return document.querySelector('#dish .comparison') !== null",
    )
    .await;

    // The gold against itself: the error list says there is none.
    let errors = js(
        c,
        "const s = document.querySelector('#dish .errors summary'); return s ? s.textContent : null",
    )
    .await;
    if errors.as_str() != Some("Errors: none against the gold") {
        return Err(format!("the error list says {errors}"));
    }

    // The graph: one node per action, each for a different action.
    let nodes = js(
        c,
        "return [...document.querySelectorAll('#graph .node')].map(n => n.dataset.action)",
    )
    .await;
    let nodes = nodes.as_array().cloned().unwrap_or_default();
    if nodes.len() != gold_actions {
        return Err(format!(
            "{} graph nodes for {gold_actions} actions",
            nodes.len()
        ));
    }
    let mut distinct = nodes.clone();
    distinct.sort_by_key(|v| v.to_string());
    distinct.dedup();
    if distinct.len() != nodes.len() {
        return Err("two graph nodes show the same action".into());
    }
    let arrows = js(
        c,
        "return document.querySelectorAll('#graph .edge.data').length",
    )
    .await;
    if arrows.as_u64().unwrap_or(0) < gold_actions as u64 - 1 {
        return Err(format!("only {arrows} ingredient arrows"));
    }

    // The timeline ends at the gold execution time, 2600 s.
    let end = js(c, "return document.getElementById('timeline').dataset.end").await;
    let label = js(
        c,
        "return document.getElementById('timeline-end').textContent",
    )
    .await;
    if end != "2600" || label != "2600 s" {
        return Err(format!("the timeline ends at {end} ({label})"));
    }
    let rows = js(
        c,
        "return document.querySelectorAll('#timeline .row').length",
    )
    .await;
    if rows != gold_actions {
        return Err(format!("{rows} timeline rows"));
    }

    // The trace beside the timeline: the recipe's 15 sentences, the last
    // one (the current step) highlighted, implicit inputs marked.
    wait_for(
        c,
        "the trace",
        "return document.querySelectorAll('#trace .tstep').length === 15",
    )
    .await;
    let current = js(
        c,
        "const t = document.querySelector('#trace .tstep.current'); return t && t.textContent",
    )
    .await;
    if !current
        .as_str()
        .unwrap_or("")
        .contains("Dust each cookie with powdered sugar")
    {
        return Err(format!("the trace does not mark the last step: {current}"));
    }
    let implicit = js(
        c,
        "return document.querySelectorAll('#trace li.implicit').length",
    )
    .await;
    if implicit.as_u64().unwrap_or(0) == 0 {
        return Err("no implicit comestible is marked in the trace".into());
    }

    // The final dish, next to the gold dish, scored perfectly.
    let dish = js(
        c,
        "const d = document.getElementById('predicted-dish'); return d && d.textContent",
    )
    .await;
    if !dish.as_str().unwrap_or("").contains("baking-tray") {
        return Err(format!("the final dish is not shown: {dish}"));
    }
    let gold = js(
        c,
        "return document.querySelector('.dish-entity.gold') !== null",
    )
    .await;
    let score = js(
        c,
        "return document.querySelector('#metric-dish .value').textContent",
    )
    .await;
    let goals = js(
        c,
        "return document.querySelector('#metric-goals .note').textContent",
    )
    .await;
    if gold != true || score != "1.00" || goals != "26 of 26 goals" {
        return Err(format!(
            "evaluation shown: gold dish {gold}, score {score}, {goals}"
        ));
    }

    // Stepping: the first step shows the kitchen after get-kitchen.
    click(c, "#first-step").await?;
    let step = js(
        c,
        "return document.getElementById('step-label').textContent",
    )
    .await;
    let kitchen = js(
        c,
        "return document.querySelector('#kitchen-tree .entity .cls').textContent",
    )
    .await;
    let current = js(
        c,
        "return document.querySelector('#graph .node.current').textContent",
    )
    .await;
    if !step.as_str().unwrap_or("").starts_with("step 1 of 27")
        || kitchen != "kitchen-state"
        || !current.as_str().unwrap_or("").contains("get-kitchen")
    {
        return Err(format!(
            "after «: `{step}`, tree `{kitchen}`, node `{current}`"
        ));
    }
    // A pasted network with a mistake: the error names its line, and the
    // editor selects that line.
    js(
        c,
        "document.getElementById('network-editor').value = \
         '#mine\\n(get-kitchen ?k)\\n(beet ?a ?b ?k ?c ?d)'",
    )
    .await;
    click(c, "#run-button").await?;
    let error = wait_for(
        c,
        "the error",
        "const s = document.getElementById('status'); \
         return s.className === 'error' && s.textContent",
    )
    .await;
    let selected = js(
        c,
        "const e = document.getElementById('network-editor'); \
         return e.value.slice(e.selectionStart, e.selectionEnd)",
    )
    .await;
    if !error.as_str().unwrap_or("").contains("line 3") || selected != "(beet ?a ?b ?k ?c ?d)" {
        return Err(format!(
            "a bad network: status `{error}`, selected `{selected}`"
        ));
    }

    // The almond gold again, in the physics kitchen, at its last step, for
    // the screenshot: the picture of the step shows beside the tree.
    js(
        c,
        "document.getElementById('recipe-select').value = ''; \
         document.getElementById('mode-select').value = 'quantitative'; \
         document.getElementById('graph').replaceChildren(); \
         document.getElementById('dish').replaceChildren();",
    )
    .await;
    pick_almond(c).await?;
    wait_for(
        c,
        "the almond network again",
        "return document.querySelectorAll('#graph .node').length === 27 \
         && document.querySelector('#dish .comparison') !== null",
    )
    .await;
    click(c, "#last-step").await?;
    wait_for(
        c,
        "the picture of the last step",
        "const i = document.getElementById('kitchen-picture'); \
         return !i.hidden && i.complete && i.naturalWidth > 1000 \
         && i.alt.includes('step 27')",
    )
    .await;
    Ok(())
}

fn viewer_screenshot_path() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-3d-almond-tray-in-the-oven.png")
}

/// The 3D viewer: the almond gold network in the physics kitchen, at its
/// bake step, opened in three.js; the canvas shows the kitchen framed on
/// the oven, with the tray of crescents in it. It saves a screenshot of
/// the canvas.
#[tokio::test(flavor = "multi_thread")]
async fn the_3d_viewer_shows_the_tray_in_the_oven() {
    let base = start(true, Limits::default());
    let driver = start_driver();
    let c = connect(&driver).await;
    let result = check_viewer(&c, &base).await;
    // The canvas when it was drawn; else the whole page, to see why not.
    let shot = match &result {
        Ok(canvas) => Some(canvas.clone()),
        Err(_) => c.screenshot().await.ok(),
    };
    if let Some(png) = shot {
        std::fs::write(viewer_screenshot_path(), png).expect("the screenshot is saved");
        eprintln!("screenshot: {}", viewer_screenshot_path().display());
    }
    c.close().await.ok();
    let canvas = result.unwrap_or_else(|e| panic!("{e}"));
    // What the canvas holds is a picture of a kitchen, not a blank: many
    // colours, and no colour covers nearly all of it.
    let mut reader = png::Decoder::new(std::io::Cursor::new(&canvas))
        .read_info()
        .expect("the canvas is a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).expect("the canvas decodes");
    let channels = frame.color_type.samples();
    let mut counts = std::collections::HashMap::new();
    for p in pixels[..frame.buffer_size()].chunks(channels) {
        *counts
            .entry([p[0] >> 3, p[1] >> 3, p[2] >> 3])
            .or_insert(0usize) += 1;
    }
    let most = counts.values().copied().max().unwrap_or(0) as f64;
    let share = most / (frame.width * frame.height) as f64;
    assert!(
        counts.len() > 40 && share < 0.9,
        "the 3D canvas looks blank: {} colours, the commonest covers {:.0} %",
        counts.len(),
        100.0 * share
    );
}

async fn check_viewer(c: &Client, base: &str) -> Result<Vec<u8>, String> {
    open_page(c, base).await?;
    js(
        c,
        "document.getElementById('mode-select').value = 'quantitative'",
    )
    .await;
    pick_almond(c).await?;
    wait_for(
        c,
        "the almond network in the physics kitchen",
        "return document.querySelectorAll('#graph .node').length === 27",
    )
    .await;
    let bake = js(
        c,
        "const i = view.execution.steps.findIndex((s) => s.action.startsWith('(bake')); \
         setStep(i); return i",
    )
    .await;
    if bake.as_i64().unwrap_or(-1) < 0 {
        return Err("the almond network has no bake step".into());
    }
    wait_for(
        c,
        "the 3D button",
        "return !document.getElementById('view-3d').hidden",
    )
    .await;
    click(c, "#view-3d").await?;
    let drawn = wait_for(
        c,
        "the 3D kitchen",
        "const b = document.getElementById('kitchen-3d'); \
         if (b.querySelector('.error')) return {error: b.textContent}; \
         return b.dataset.drawn === '1' && b.querySelector('canvas') !== null \
         && {meshes: Number(b.dataset.meshes), focus: b.dataset.focus}",
    )
    .await;
    if let Some(e) = drawn.get("error") {
        return Err(format!("the 3D view failed: {e}"));
    }
    if drawn["focus"] != json!("place-oven") || drawn["meshes"].as_u64().unwrap_or(0) < 20 {
        return Err(format!(
            "the 3D view is not framed on the oven's contents: {drawn}"
        ));
    }
    c.execute(
        "document.getElementById('kitchen-3d').scrollIntoView({block: 'center'})",
        vec![],
    )
    .await
    .map_err(|e| e.to_string())?;
    let canvas = c
        .find(Locator::Css("#kitchen-3d canvas"))
        .await
        .map_err(|e| e.to_string())?;
    canvas.screenshot().await.map_err(|e| e.to_string())
}

/// Markup in a recipe and in a network is shown as text and never runs:
/// a benchmark recipe (made for the test, in a temporary folder) whose
/// title and ingredient lines hold `<script>` and `<img onerror>`, and a
/// network with the same in its comments and as an unknown primitive.
#[tokio::test(flavor = "multi_thread")]
async fn markup_in_recipes_and_networks_never_runs() {
    let dir = std::env::temp_dir().join(format!("sous-xss-{}", std::process::id()));
    let texts = dir.join("data/recipe-texts");
    let gold = dir.join("data/gold-standard-solutions/meaning-only");
    std::fs::create_dir_all(&texts).unwrap();
    std::fs::create_dir_all(&gold).unwrap();
    let script = "<script>window.pwned = 'script'</script>";
    let img = "<img src=x onerror=\"window.pwned = 'img'\">";
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    std::fs::write(
        texts.join("xss-cookies.xml"),
        format!(
            "<recipe><id>xss-cookies</id><title>Cookies {}</title><ingredients>\
             <ingredient>230 grams butter {}</ingredient></ingredients><instructions>\
             <instruction>Beat it. {}</instruction></instructions></recipe>",
            escape(script),
            escape(img),
            escape(script)
        ),
    )
    .unwrap();
    let almond = std::fs::read_to_string(sous_testdata::gold_file(
        &sous_testdata::gold_current_dir(),
        "almond-crescent-cookies",
    ))
    .unwrap();
    std::fs::write(
        gold.join("xss-cookies.solution"),
        almond.replace("#almond-crescent-cookies", "#xss-cookies"),
    )
    .unwrap();
    let base = common::start_with(sous_server::Config {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        benchmark: Some(dir.clone()),
        limits: Limits::default(),
        preloaded: Vec::new(),
        access: Default::default(),
        timeouts: Default::default(),
        physics: Default::default(),
    });
    let driver = start_driver();
    let c = connect(&driver).await;
    let result = check_markup(&c, &base, script, img).await;
    c.close().await.ok();
    std::fs::remove_dir_all(&dir).ok();
    result.unwrap_or_else(|e| panic!("{e}"));
}

async fn check_markup(c: &Client, base: &str, script: &str, img: &str) -> Result<(), String> {
    open_page(c, base).await?;
    c.find(Locator::Css("#recipe-select"))
        .await
        .map_err(|e| e.to_string())?
        .select_by_value("recipe:xss-cookies")
        .await
        .map_err(|e| e.to_string())?;
    wait_for(
        c,
        "the recipe text",
        "return document.getElementById('recipe-text').textContent.includes('Beat it.')",
    )
    .await;
    // The markup is there, as text.
    let text = js(
        c,
        "return document.getElementById('recipe-text').textContent",
    )
    .await;
    let text = text.as_str().unwrap_or("");
    if !text.contains(script) || !text.contains(img) {
        return Err(format!("the markup is not shown as text: {text}"));
    }
    let elements = js(
        c,
        "return document.querySelectorAll('#recipe-text script, #recipe-text img').length",
    )
    .await;
    if elements != 0 {
        return Err(format!(
            "{elements} elements were made from the recipe text"
        ));
    }
    // A network with markup in its comments and as a primitive, run.
    let network = format!("; {script}\n; {img}\n(get-kitchen ?kitchen)\n({img} ?a ?kitchen)\n");
    js(
        c,
        &format!(
            "const e = document.getElementById('network-editor'); e.value = {}; \
             e.dispatchEvent(new Event('input')); return true",
            serde_json::to_string(&network).unwrap()
        ),
    )
    .await;
    click(c, "#run-button").await?;
    wait_for(
        c,
        "the error",
        "return document.getElementById('status').textContent.includes('line 4')",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let pwned = js(c, "return window.pwned === undefined ? null : window.pwned").await;
    if !pwned.is_null() {
        return Err(format!("markup ran: {pwned}"));
    }
    let images = js(
        c,
        "return document.querySelectorAll('img[src=\"x\"]').length",
    )
    .await;
    if images != 0 {
        return Err("an <img> from the input is in the page".into());
    }
    Ok(())
}
