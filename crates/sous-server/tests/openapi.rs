//! The OpenAPI document served at `/api/openapi.json` is the API's contract:
//! it documents exactly the routes the router registers, and every answer of
//! every endpoint, successes and errors alike, validates against the schema
//! it documents for that status code. Every documented status is made to
//! happen at least once.

mod common;

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use common::start;
use serde_json::{json, Value};
use sous_server::{Config, Limits, PhysicsPool, Preloaded, SessionLimits};

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

fn almond_gold() -> String {
    std::fs::read_to_string(
        sous_testdata::gold_current_dir().join("almond-crescent-cookies.solution"),
    )
    .unwrap()
}

/// `text`, cut after about `max` bytes.
fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

/// A JSON pointer token (RFC 6901).
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The document and validators for its schemas; records which documented
/// answers (method, path, status) were seen.
struct Contract {
    doc: Value,
    validators: RefCell<HashMap<String, Rc<jsonschema::Validator>>>,
    seen: RefCell<BTreeSet<(String, String, String)>>,
}

impl Contract {
    fn fetch(base: &str) -> Contract {
        let (code, doc) = common::get(&format!("{base}/api/openapi.json"));
        assert_eq!(code, 200, "{doc}");
        let contract = Contract {
            doc,
            validators: RefCell::default(),
            seen: RefCell::default(),
        };
        let pointer = contract.response_schema("get", "/api/openapi.json", "200");
        contract.validate(&pointer, &contract.doc.clone(), "the document itself");
        contract
    }

    /// The validator of the schema at `pointer`: that schema as the root of a
    /// resource that also holds the document's components, so that
    /// `#/components/schemas/...` references resolve.
    fn validator(&self, pointer: &str) -> Rc<jsonschema::Validator> {
        if let Some(v) = self.validators.borrow().get(pointer) {
            return v.clone();
        }
        let schema = self
            .doc
            .pointer(pointer)
            .unwrap_or_else(|| panic!("no schema at {pointer}"));
        let mut root = schema.as_object().cloned().unwrap_or_default();
        root.insert("components".into(), self.doc["components"].clone());
        let validator = jsonschema::draft202012::new(&Value::Object(root))
            .unwrap_or_else(|e| panic!("the schema at {pointer} does not compile: {e}"));
        let validator = Rc::new(validator);
        self.validators
            .borrow_mut()
            .insert(pointer.to_string(), validator.clone());
        validator
    }

    /// Panics, listing the violations, unless `instance` matches the schema at `pointer`.
    fn validate(&self, pointer: &str, instance: &Value, what: &str) {
        let validator = self.validator(pointer);
        if validator.is_valid(instance) {
            return;
        }
        let mut lines: Vec<String> = validator
            .iter_errors(instance)
            .take(10)
            .map(|e| {
                let message = shorten(&e.to_string(), 300);
                format!(
                    "  at `{}` (schema {}): {message}",
                    e.instance_path(),
                    e.schema_path()
                )
            })
            .collect();
        // Inside `anyOf` (entities and their slots) the top-level error says
        // little: show the deepest failures too.
        let evaluation = validator.evaluate(instance);
        let mut deep: Vec<(usize, String)> = evaluation
            .iter_errors()
            .map(|e| {
                let at = e.instance_location.as_str();
                let line = format!(
                    "  at `{at}` (schema {}): {}",
                    e.schema_location,
                    shorten(&e.error.to_string(), 300)
                );
                (at.matches('/').count(), line)
            })
            .collect();
        deep.sort_by_key(|d| std::cmp::Reverse(d.0));
        lines.push("the deepest failures:".into());
        lines.extend(deep.into_iter().take(6).map(|(_, l)| l));
        panic!(
            "{what} does not match the OpenAPI document ({pointer}):\n{}\nthe JSON: {}",
            lines.join("\n"),
            shorten(&instance.to_string(), 2_000)
        );
    }

    fn is_valid(&self, pointer: &str, instance: &Value) -> bool {
        self.validator(pointer).is_valid(instance)
    }

    /// The documented path (template) that `path` is an instance of (its
    /// query, if any, aside).
    fn template(&self, path: &str) -> String {
        let path = path.split_once('?').map_or(path, |(p, _)| p);
        let segments: Vec<&str> = path.split('/').collect();
        let mut best: Option<(usize, &String)> = None;
        for template in self.doc["paths"].as_object().unwrap().keys() {
            let parts: Vec<&str> = template.split('/').collect();
            if parts.len() != segments.len() {
                continue;
            }
            let mut params = 0;
            let fits = parts.iter().zip(&segments).all(|(t, s)| {
                if t.starts_with('{') && t.ends_with('}') {
                    params += 1;
                    !s.is_empty()
                } else {
                    t == s
                }
            });
            let better = match best {
                None => true,
                Some((p, _)) => params < p,
            };
            if fits && better {
                best = Some((params, template));
            }
        }
        best.unwrap_or_else(|| panic!("{path} is not documented"))
            .1
            .clone()
    }

    fn operation_pointer(&self, method: &str, template: &str) -> String {
        let pointer = format!("/paths/{}/{method}", escape(template));
        assert!(
            self.doc.pointer(&pointer).is_some(),
            "{} {template} is not documented",
            method.to_uppercase()
        );
        pointer
    }

    fn response_schema(&self, method: &str, template: &str, status: &str) -> String {
        let op = self.operation_pointer(method, template);
        let response = format!("{op}/responses/{status}");
        assert!(
            self.doc.pointer(&response).is_some(),
            "{} {template} answered {status}, which its documentation does not list",
            method.to_uppercase()
        );
        let schema = format!("{response}/content/application~1json/schema");
        assert!(
            self.doc.pointer(&schema).is_some(),
            "{} {template}: the documented {status} answer has no JSON schema",
            method.to_uppercase()
        );
        schema
    }

    /// Checks an answer against the documentation of `method path`.
    fn check(&self, method: &str, path: &str, status: u16, body: Option<&Value>) {
        let template = self.template(path);
        let code = status.to_string();
        let what = format!("the {code} answer of {} {path}", method.to_uppercase());
        let op = self.operation_pointer(method, &template);
        let response = format!("{op}/responses/{code}");
        let Some(documented) = self.doc.pointer(&response) else {
            panic!("{what} is not documented (body: {body:?})");
        };
        if documented.get("content").is_none() {
            assert!(body.is_none(), "{what} is documented without a body");
        } else {
            let schema = self.response_schema(method, &template, &code);
            let body = body.unwrap_or_else(|| panic!("{what} has no body"));
            self.validate(&schema, body, &what);
        }
        self.seen
            .borrow_mut()
            .insert((method.to_string(), template, code));
    }

    /// Checks a picture answer: documented as `image/png`, and a PNG.
    /// Asserts that `method path` may answer `status` with `media` (a
    /// media type, `/` written `~1` as in a JSON pointer), and marks the
    /// answer seen.
    fn check_media(&self, method: &str, path: &str, status: u16, media: &str) {
        let template = self.template(path);
        let op = self.operation_pointer(method, &template);
        assert!(
            self.doc
                .pointer(&format!("{op}/responses/{status}/content/{media}"))
                .is_some(),
            "{} {path} answered {status} with {media}, which its documentation does not list",
            method.to_uppercase()
        );
        self.seen
            .borrow_mut()
            .insert((method.into(), template, status.to_string()));
    }

    fn check_png(&self, path: &str, status: u16, content_type: &str, bytes: &[u8]) {
        self.check_media("post", path, status, "image~1png");
        assert_eq!(content_type, "image/png");
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "POST {path}: not a PNG");
    }

    /// A GET answered with plain text (the grammar).
    fn check_text(&self, path: &str, status: u16, content_type: &str, text: &str) {
        self.check_media("get", path, status, "text~1plain");
        assert!(content_type.starts_with("text/plain"), "{content_type}");
        assert!(!text.is_empty(), "GET {path}: no text");
    }

    /// Checks a request that succeeded against the documented request body.
    fn check_request(&self, path: &str, body: &Value) {
        let template = self.template(path);
        let op = self.operation_pointer("post", &template);
        let schema = format!("{op}/requestBody/content/application~1json/schema");
        if self.doc.pointer(&schema).is_some() {
            let what = format!("the request to POST {path}, which succeeded,");
            self.validate(&schema, body, &what);
        }
    }

    /// Every documented (method, path, status).
    fn documented(&self) -> BTreeSet<(String, String, String)> {
        let mut all = BTreeSet::new();
        for (path, item) in self.doc["paths"].as_object().unwrap() {
            for (method, op) in item.as_object().unwrap() {
                if !METHODS.contains(&method.as_str()) {
                    continue;
                }
                for status in op["responses"].as_object().unwrap().keys() {
                    all.insert((method.clone(), path.clone(), status.clone()));
                }
            }
        }
        all
    }
}

/// A server and the contract its answers are checked against.
struct Api<'a> {
    base: String,
    contract: &'a Contract,
}

impl Api<'_> {
    fn get(&self, path: &str) -> (u16, Value) {
        let (code, body) = common::get(&format!("{}{path}", self.base));
        self.contract.check("get", path, code, Some(&body));
        (code, body)
    }

    /// A GET answered with plain text.
    fn get_text(&self, path: &str) -> String {
        let r = ureq::get(&format!("{}{path}", self.base))
            .call()
            .unwrap_or_else(|e| panic!("GET {path}: {e}"));
        let (status, content_type) = (r.status(), r.content_type().to_string());
        let text = r.into_string().unwrap();
        self.contract.check_text(path, status, &content_type, &text);
        text
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (code, answer) = common::post(&format!("{}{path}", self.base), body);
        self.contract.check("post", path, code, Some(&answer));
        if (200..300).contains(&code) {
            self.contract.check_request(path, body);
        }
        (code, answer)
    }

    /// A request answered with a picture.
    fn post_png(&self, path: &str, body: &Value) -> Vec<u8> {
        let r = ureq::post(&format!("{}{path}", self.base))
            .set("Content-Type", "application/json")
            .send_string(&body.to_string())
            .unwrap_or_else(|e| panic!("POST {path}: {e}"));
        let (status, content_type) = (r.status(), r.content_type().to_string());
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut r.into_reader(), &mut bytes).unwrap();
        self.contract.check_png(path, status, &content_type, &bytes);
        self.contract.check_request(path, body);
        bytes
    }

    fn post_raw(&self, path: &str, body: &str) -> (u16, Value) {
        let (code, answer) = common::post_raw(&format!("{}{path}", self.base), body);
        self.contract.check("post", path, code, Some(&answer));
        (code, answer)
    }

    /// A request without a JSON content type (and, when `body` is empty, without a body).
    fn post_untyped(&self, path: &str, body: &str) -> (u16, Value) {
        let request = ureq::post(&format!("{}{path}", self.base));
        let answer = if body.is_empty() {
            request.call()
        } else {
            request.send_string(body)
        };
        let (code, text) = text_of(answer);
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("POST {path}: not JSON ({e}): {text}"));
        self.contract.check("post", path, code, Some(&value));
        (code, value)
    }

    fn delete(&self, path: &str) -> (u16, Option<Value>) {
        let (code, text) = text_of(ureq::delete(&format!("{}{path}", self.base)).call());
        let value = (!text.is_empty()).then(|| {
            serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("DELETE {path}: not JSON ({e}): {text}"))
        });
        self.contract.check("delete", path, code, value.as_ref());
        (code, value)
    }
}

fn text_of(answer: Result<ureq::Response, ureq::Error>) -> (u16, String) {
    match answer {
        Ok(r) => (r.status(), r.into_string().unwrap()),
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap()),
        Err(e) => panic!("{e}"),
    }
}

/// The routes of the document, as (METHOD, path).
fn documented_routes(doc: &Value) -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            if METHODS.contains(&method.as_str()) {
                routes.insert((method.to_uppercase(), path.clone()));
            }
        }
    }
    routes
}

#[test]
fn the_document_is_openapi_3_1_and_its_schemas_compile() {
    let base = start(false, Limits::default());
    let contract = Contract::fetch(&base);
    let doc = &contract.doc;
    let version = doc["openapi"].as_str().expect("an `openapi` field");
    assert!(version.starts_with("3.1."), "openapi {version}");
    assert_eq!(doc["info"]["title"], "sous");
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(doc["servers"][0]["url"], "/");
    for name in doc["components"]["schemas"].as_object().unwrap().keys() {
        contract.validator(&format!("/components/schemas/{}", escape(name)));
    }
    // Every operation: an id, a summary, a description, JSON schemas.
    let mut ids = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let name = format!("{} {path}", method.to_uppercase());
            let id = op["operationId"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: no operationId"));
            assert!(ids.insert(id.to_string()), "{name}: operationId {id} twice");
            assert!(op["summary"].is_string(), "{name}: no summary");
            assert!(op["description"].is_string(), "{name}: no description");
            let responses = op["responses"].as_object().unwrap();
            assert!(!responses.is_empty(), "{name}: no responses");
            for (status, response) in responses {
                assert!(
                    response["description"].is_string(),
                    "{name} {status}: no description"
                );
                if let Some(content) = response.get("content") {
                    // One media type, or the binary forms of one answer (a
                    // picture or a 3D file).
                    let types: Vec<&String> = content.as_object().unwrap().keys().collect();
                    assert!(
                        types.len() == 1
                            || types
                                .iter()
                                .all(|t| ["image/png", "model/gltf-binary"].contains(&t.as_str())),
                        "{name} {status}: media types {types:?}"
                    );
                    // JSON, except pictures, 3D files and the grammar's text.
                    if content.get("image/png").is_none()
                        && content.get("model/gltf-binary").is_none()
                        && content.get("text/plain").is_none()
                    {
                        contract.validator(&format!(
                            "/paths/{}/{method}/responses/{status}/content/application~1json/schema",
                            escape(path)
                        ));
                    }
                }
            }
            if op.get("requestBody").is_some() {
                contract.validator(&format!(
                    "/paths/{}/{method}/requestBody/content/application~1json/schema",
                    escape(path)
                ));
            }
            // Path parameters: exactly those of the template, all required.
            let in_template: BTreeSet<String> = path
                .split('/')
                .filter_map(|s| s.strip_prefix('{')?.strip_suffix('}'))
                .map(str::to_string)
                .collect();
            let declared: BTreeSet<String> = op["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "path")
                .inspect(|p| assert_eq!(p["required"], true, "{name}: {p}"))
                .map(|p| p["name"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(in_template, declared, "{name}: path parameters");
        }
    }
}

#[test]
fn documented_routes_are_exactly_the_routers_routes() {
    let base = start(false, Limits::default());
    let contract = Contract::fetch(&base);
    let documented: BTreeSet<(String, String)> = documented_routes(&contract.doc)
        .into_iter()
        .filter(|(_, path)| path.starts_with("/api/"))
        .collect();
    let registered: BTreeSet<(String, String)> = sous_server::api_routes()
        .into_iter()
        .filter(|(_, path)| path.starts_with("/api/"))
        .map(|(method, path)| (method.to_string(), path.to_string()))
        .collect();
    let undocumented: Vec<_> = registered.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from crates/sous-server/openapi.json: {undocumented:?}"
    );
    let unrouted: Vec<_> = documented.difference(&registered).collect();
    assert!(
        unrouted.is_empty(),
        "documented routes the router does not register: {unrouted:?}"
    );

    // On a documented path, every other method is refused: no route was
    // added to the router behind the list's back.
    for path in documented.iter().map(|(_, p)| p).collect::<BTreeSet<_>>() {
        let concrete: String = path
            .split('/')
            .map(|s| if s.starts_with('{') { "x" } else { s })
            .collect::<Vec<_>>()
            .join("/");
        for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
            if documented.contains(&(method.to_string(), path.clone())) {
                continue;
            }
            let (code, body) = text_of(ureq::request(method, &format!("{base}{concrete}")).call());
            assert_eq!(
                code, 405,
                "{method} {path} is not documented but answers {code}"
            );
            // Refusals are JSON errors like every other failure.
            let body: Value = serde_json::from_str(&body)
                .unwrap_or_else(|e| panic!("{method} {path}: 405 body is not JSON ({e}): {body}"));
            contract.validate("/components/schemas/Error", &body, "a 405 answer");
        }
    }
}

#[test]
fn examples_match_their_schemas_and_example_requests_succeed() {
    let base = start(true, Limits::default());
    let contract = Contract::fetch(&base);
    let api = Api {
        base: base.clone(),
        contract: &contract,
    };
    let mut requests = 0;
    for (path, item) in contract.doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let op_pointer = format!("/paths/{}/{method}", escape(path));
            let mut media = vec![("requestBody".to_string(), &op["requestBody"])];
            for (status, response) in op["responses"].as_object().unwrap() {
                media.push((format!("responses/{status}"), response));
            }
            for (place, part) in media {
                let Some(json) = part.pointer("/content/application~1json") else {
                    continue;
                };
                let schema = format!("{op_pointer}/{place}/content/application~1json/schema");
                let mut examples: Vec<(String, &Value)> = Vec::new();
                if let Some(e) = json.get("example") {
                    examples.push(("example".into(), e));
                }
                for (name, e) in json["examples"].as_object().into_iter().flatten() {
                    examples.push((name.clone(), &e["value"]));
                }
                for (name, example) in examples {
                    let what = format!(
                        "example `{name}` of {} {path} {place}",
                        method.to_uppercase()
                    );
                    contract.validate(&schema, example, &what);
                    // Example requests (of paths without parameters) work as shown.
                    if place == "requestBody" && !path.contains('{') {
                        let pictures = op.pointer("/responses/200/content/image~1png").is_some();
                        if pictures {
                            api.post_png(path, example);
                        } else {
                            let (code, answer) = api.post(path, example);
                            assert!((200..300).contains(&code), "{what}: {code} {answer}");
                        }
                        requests += 1;
                    }
                }
            }
        }
    }
    assert!(requests >= 3, "{requests} example requests");
}

#[test]
fn the_validator_rejects_answers_that_break_the_contract() {
    let base = start(false, Limits::default());
    let contract = Contract::fetch(&base);
    let api = Api {
        base: base.clone(),
        contract: &contract,
    };
    let network = "(get-kitchen ?kitchen)\n(fetch ?tray ?ks ?kitchen baking-tray 1)";
    let (code, x) = api.post("/api/execute", &json!({ "network": network }));
    assert_eq!(code, 200);
    let schema = contract.response_schema("post", "/api/execute", "200");
    assert!(contract.is_valid(&schema, &x));
    let broken = |f: &dyn Fn(&mut Value)| {
        let mut y = x.clone();
        f(&mut y);
        contract.is_valid(&schema, &y)
    };
    assert!(!broken(&|y| {
        y.as_object_mut().unwrap().remove("steps");
    }));
    assert!(!broken(&|y| y["surprise"] = json!(1)));
    assert!(!broken(&|y| y["steps"][0]["line"] = json!("one")));
    assert!(!broken(&|y| y["steps"][0]["extra"] = json!(true)));
    assert!(!broken(&|y| {
        y["bindings"]["?tray"]
            .as_object_mut()
            .unwrap()
            .remove("class");
    }));
    assert!(!broken(
        &|y| y["final_kitchen"]["contents"] = json!([{"repeat": 1}])
    ));
    assert!(!broken(&|y| y["graph"]["edges"][0]["from"] = json!(-1)));
    assert!(broken(&|y| y["final_kitchen"] = Value::Null), "nullable");
    assert!(
        broken(&|y| {
            y.as_object_mut().unwrap().remove("final_kitchen");
        }),
        "optional"
    );

    let error = contract.response_schema("post", "/api/execute", "422");
    assert!(contract.is_valid(&error, &json!({"error": "x", "line": 1, "column": 2})));
    assert!(!contract.is_valid(&error, &json!({"error": 1})));
    assert!(!contract.is_valid(&error, &json!({"message": "x"})));
}

/// Every endpoint, successes and errors; every documented answer must occur.
#[test]
fn every_documented_answer_happens_and_matches_its_schema() {
    let base = start(true, Limits::default());
    let contract = Contract::fetch(&base);
    let api = Api {
        base,
        contract: &contract,
    };
    reads(&api);
    preloaded(&contract);
    execute(&api);
    evaluate(&api);
    sessions(&api);
    quantitative(&api);
    trace(&api);

    // Without a benchmark, and with tight limits.
    let limits = Limits {
        max_body_bytes: 2_000,
        max_network_predicates: 3,
        sessions: SessionLimits {
            max_live: 1,
            ..SessionLimits::default()
        },
        ..Limits::default()
    };
    let tight = Api {
        base: start(false, limits),
        contract: &contract,
    };
    without_benchmark_and_over_limits(&tight);

    // Every physics worker busy: quantitative requests are refused.
    physics_workers_busy(&contract);

    // With a token: every route refuses a call without it.
    let guarded = Api {
        base: common::start_with(Config {
            bind: "127.0.0.1".parse().unwrap(),
            port: 0,
            benchmark: None,
            limits: Limits::default(),
            preloaded: Vec::new(),
            access: sous_server::Access {
                token: Some("s3cret".into()),
                cors_origins: Vec::new(),
            },
            timeouts: Default::default(),
            physics: Default::default(),
        }),
        contract: &contract,
    };
    token_on_every_route(&guarded);

    let seen = contract.seen.borrow();
    let missing: Vec<_> = contract.documented().difference(&seen).cloned().collect();
    assert!(
        missing.is_empty(),
        "documented answers no test produced (remove them from the document or test them): {missing:?}"
    );
}

fn reads(api: &Api) {
    api.get("/api/openapi.json");
    let (_, kitchen) = api.get("/api/kitchen");
    assert_eq!(kitchen["class"], "kitchen-state");
    let (_, prims) = api.get("/api/primitives");
    assert!(prims.as_array().unwrap().len() >= 38);
    assert!(api
        .get_text("/api/grammar?format=lark&start=file")
        .contains("\nfile: "));
    assert_eq!(api.get("/api/grammar?format=bnf").0, 400);
    let (_, recipes) = api.get("/api/recipes");
    assert_eq!(recipes.as_array().unwrap().len(), 30);
    assert_eq!(api.get("/api/recipes/Almond-Crescent-Cookies").0, 200);
    assert_eq!(api.get("/api/recipes/no-such-recipe").0, 404);
    let (code, gold) = api.get("/api/recipes/Almond-Crescent-Cookies/gold");
    assert_eq!(code, 200);
    assert_eq!(gold["network"], almond_gold());
    assert_eq!(api.get("/api/recipes/no-such-recipe/gold").0, 404);
    let (code, preloaded) = api.get("/api/preloaded");
    assert_eq!((code, preloaded), (200, json!([])));

    // An unknown path answers the documented error body.
    let (code, e) = common::get(&format!("{}/api/nothing-here", api.base));
    assert_eq!(code, 404);
    api.contract.validate(
        "/components/schemas/Error",
        &e,
        "the answer for an unknown path",
    );
}

/// A server started with preloaded networks, as `sous evaluate --show` and
/// `sous serve` start it: one evaluated (with an exact Smatch), one not.
fn preloaded(contract: &Contract) {
    use sous_eval::{MetricSet, Options};
    let benchmark = sous_eval::benchmark::Benchmark::load(&sous_testdata::benchmark_dir()).unwrap();
    let network = "#almond-crescent-cookies\n(get-kitchen ?kitchen)\n\
        (fetch-and-proportion ?butter ?ks ?kitchen ?bowl butter 230 g)\n";
    let loaded = sous_eval::source::load_text("short".into(), network.as_bytes().to_vec());
    let options = Options {
        metrics: MetricSet::ALL,
        exact_smatch: true,
        smatch_runs: 1,
        profile: sous_sim::Profile::Reference,
        explain: true,
        errors: false,
        backend: None,
    };
    let report = sous_eval::evaluate_recipe(&loaded.recipes[0].0, &[], &benchmark.gold, &options);
    let config = Config {
        bind: "127.0.0.1".parse().unwrap(),
        port: 0,
        benchmark: None,
        limits: Limits::default(),
        access: Default::default(),
        timeouts: Default::default(),
        physics: Default::default(),
        preloaded: vec![
            Preloaded {
                recipe_id: "almond-crescent-cookies".into(),
                network: network.into(),
                report: Some(report),
            },
            Preloaded {
                recipe_id: "an-example".into(),
                network: "(get-kitchen ?kitchen)".into(),
                report: None,
            },
        ],
    };
    let api = Api {
        base: common::start_with(config),
        contract,
    };
    let (code, list) = api.get("/api/preloaded");
    assert_eq!(code, 200);
    assert!(list[0]["report"]["smatch"]["exact"].is_object(), "{list}");
    assert_eq!(list[1]["report"], Value::Null);
}

fn execute(api: &Api) {
    let url = "/api/execute";
    let gold = almond_gold();
    let (code, x) = api.post(url, &json!({"mode": "qualitative", "network": gold}));
    assert_eq!(code, 200, "{x}");
    assert_eq!(
        x["bindings"]["?almond-crescent-cookies"]["contents"][0]["repeat"],
        32
    );
    let (code, full) = api.post(
        url,
        &json!({"network": gold, "compact": false, "kitchen_states": true}),
    );
    assert_eq!(code, 200);
    assert_eq!(full["kitchen_states"].as_array().unwrap().len(), 27);
    let (code, trees) = api.post(url, &json!({"network": gold, "lean": false}));
    assert_eq!(code, 200);
    assert!(trees["final_kitchen"]["contents"].is_array());
    // No solution: failures, no execution time.
    let (code, x) = api.post(
        url,
        &json!({"network": "(get-kitchen ?k)\n(bake ?a ?b ?k ?c ?d 10 minute 180 degrees-celsius)"}),
    );
    assert_eq!(code, 200);
    assert_eq!(x["solved"], false);
    assert_eq!(x["failed_actions"][0]["kind"], "not-executed");

    assert_eq!(
        api.post(
            url,
            &json!({"mode": "physics", "network": "(get-kitchen ?k)"})
        )
        .0,
        400
    );
    assert_eq!(api.post_raw(url, "{not json").0, 400);
    let several = "#recipe-id a\n(get-kitchen ?k)\n#recipe-id b\n(get-kitchen ?k)";
    assert_eq!(api.post(url, &json!({"network": several})).0, 400);
    assert_eq!(
        api.post_untyped(url, r#"{"network": "(get-kitchen ?k)"}"#)
            .0,
        415
    );
    assert_eq!(api.post(url, &json!({"mode": "qualitative"})).0, 422);
    assert_eq!(api.post(url, &json!({"network": 3})).0, 422);
    assert_eq!(api.post(url, &json!({"network": ""})).0, 422);
    let (code, e) = api.post(
        url,
        &json!({"network": "(get-kitchen ?k)\n(beet ?a ?b ?k ?c ?d)"}),
    );
    assert_eq!(code, 422);
    assert_eq!(e["diagnostics"][0]["code"], "unknown-primitive");
}

fn evaluate(api: &Api) {
    let url = "/api/evaluate";
    let recipe = "almond-crescent-cookies";
    let (code, r) = api.post(url, &json!({"recipe": recipe, "network": almond_gold()}));
    assert_eq!(code, 200, "{r}");
    assert!(r["explanation"]["dish"]["candidates"].is_array());
    assert!(r["explanation"]["goals"]["goals"].is_array());
    let (code, r) = api.post(
        url,
        &json!({"recipe": recipe, "network": "(get-kitchen ?k)", "metrics": ["Execution-Time"], "explain": false}),
    );
    assert_eq!(code, 200, "{r}");
    assert!(r.get("smatch").is_none());
    let (code, r) = api.post(
        url,
        &json!({"recipe": recipe, "network": "(get-kitchen ?k)\n(bake ?a ?b ?k ?c ?d 10 minute 180 degrees-celsius)"}),
    );
    assert_eq!(code, 200);
    assert_eq!(r["problem"]["kind"], "no-solution");

    let network = "(get-kitchen ?k)";
    assert_eq!(
        api.post(url, &json!({"recipe": "nope", "network": network}))
            .0,
        404
    );
    let taste = json!({"recipe": recipe, "network": network, "metrics": ["taste"]});
    assert_eq!(api.post(url, &taste).0, 400);
    assert_eq!(api.post_raw(url, "[").0, 400);
    assert_eq!(api.post_untyped(url, "{}").0, 415);
    assert_eq!(api.post(url, &json!({"network": network})).0, 422);
    let invalid = json!({"recipe": recipe, "network": "(get-kitchen ?k"});
    assert_eq!(api.post(url, &invalid).0, 422);
}

fn sessions(api: &Api) {
    let (code, s) = api.post(
        "/api/sessions",
        &json!({"recipe": "Almond-Crescent-Cookies"}),
    );
    assert_eq!(code, 201, "{s}");
    let id = s["id"].as_str().unwrap().to_string();
    assert_eq!(api.post_untyped("/api/sessions", "").0, 201);
    let (code, bare) = api.post("/api/sessions", &json!({}));
    assert_eq!(code, 201);
    assert_eq!(bare["recipe"], Value::Null);
    let bare = bare["id"].as_str().unwrap().to_string();
    assert_eq!(api.post_raw("/api/sessions", "{bad").0, 400);
    assert_eq!(api.post("/api/sessions", &json!({"recipe": 3})).0, 422);
    assert_eq!(
        api.post("/api/sessions", &json!({"recipe": "no-such"})).0,
        404
    );

    let session = format!("/api/sessions/{id}");
    let actions = format!("{session}/actions");
    let (code, empty) = api.get(&session);
    assert_eq!(code, 200);
    assert_eq!(empty["network"], "");
    // Nothing to score yet.
    assert_eq!(api.post(&format!("{session}/evaluate"), &json!({})).0, 422);
    assert_eq!(api.post(&actions, &json!({"actions": ""})).0, 200);
    let (code, r) = api.post(&actions, &json!({"actions": "(get-kitchen ?kitchen)"}));
    assert_eq!(code, 200, "{r}");
    assert!(r["new_bindings"]["?kitchen"].is_object());
    // The rest of the gold network (after its header and `get-kitchen`).
    let gold = almond_gold();
    let rest: Vec<&str> = gold.lines().skip(2).collect();
    let (code, r) = api.post(&actions, &json!({"actions": rest.join("\n")}));
    assert_eq!(code, 200, "{r}");
    assert_eq!(r["execution_time"], 2600);
    assert_eq!(api.get(&session).0, 200);
    let (code, scores) = api.post(&format!("{session}/evaluate"), &json!({}));
    assert_eq!(code, 200, "{scores}");
    assert_eq!(scores["goal-condition-success"], 1.0);

    assert_eq!(
        api.post(&actions, &json!({"actions": "(fetch ?a ?b"})).0,
        422
    );
    assert_eq!(api.post(&actions, &json!({"actions": 1})).0, 422);
    let header = json!({"actions": "#recipe-id other\n(get-kitchen ?k)"});
    assert_eq!(api.post(&actions, &header).0, 400);
    assert_eq!(api.post_raw(&actions, "nope").0, 400);
    assert_eq!(api.post_untyped(&actions, r#"{"actions": ""}"#).0, 415);
    let evaluate_bare = format!("/api/sessions/{bare}/evaluate");
    assert_eq!(api.post(&evaluate_bare, &json!({})).0, 409);

    let gone = "/api/sessions/no-such-session";
    assert_eq!(api.get(gone).0, 404);
    assert_eq!(
        api.post(&format!("{gone}/actions"), &json!({"actions": ""}))
            .0,
        404
    );
    assert_eq!(api.post(&format!("{gone}/evaluate"), &json!({})).0, 404);
    assert_eq!(api.delete(&session).0, 204);
    assert_eq!(api.delete(&session).0, 404);
}

/// The physics kitchen behind `/api/execute`, `/api/evaluate` and sessions.
/// `POST /api/trace`: the almond gold network cut into its sentences, and
/// every error.
fn trace(api: &Api) {
    let almond = std::fs::read_to_string(sous_testdata::gold_file(
        &sous_testdata::gold_current_dir(),
        "almond-crescent-cookies",
    ))
    .unwrap();
    let (code, t) = api.post("/api/trace", &json!({ "network": almond }));
    assert_eq!(code, 200, "{t}");
    assert_eq!(t["annotated"], true);
    assert_eq!(
        t["steps"][7]["instruction"],
        "Beat the butter and the sugar together until light and fluffy."
    );
    let (code, _) = api.post("/api/trace", &json!({ "network": "(get-kitchen ?k)" }));
    assert_eq!(code, 200);
    assert_eq!(api.post_raw("/api/trace", "{bad").0, 400);
    let two = "#a\n(get-kitchen ?k)\n#b\n(get-kitchen ?k)";
    assert_eq!(api.post("/api/trace", &json!({ "network": two })).0, 400);
    assert_eq!(
        api.post("/api/trace", &json!({ "network": "(beet ?a)" })).0,
        422
    );
    assert_eq!(api.post_untyped("/api/trace", "{}").0, 415);
}

fn quantitative(api: &Api) {
    let sugar = "(get-kitchen ?kitchen)\n(fetch-and-proportion ?sugar ?ks-1 ?kitchen ?bowl white-sugar 100 g)";
    let (code, x) = api.post(
        "/api/execute",
        &json!({"mode": "quantitative", "network": sugar, "kitchen_states": true}),
    );
    assert_eq!(code, 200, "{x}");
    let physics = &x["physics"];
    assert!(physics["frames"].as_u64().unwrap() > 0, "{physics}");
    let balance = physics["mass_balance"].as_array().unwrap();
    let sugar_balance = balance
        .iter()
        .find(|m| m["ingredient"] == "white-sugar")
        .expect("white sugar is in the kitchen");
    assert_eq!(sugar_balance["start_g"], sugar_balance["end_g"]);
    let text = x.to_string();
    assert!(text.contains("\"pose\""), "entities carry poses");
    assert!(x["kitchen_states"][1].to_string().contains("\"pose\""));
    // The qualitative answer has none of it.
    let (_, q) = api.post("/api/execute", &json!({"network": sugar}));
    assert!(q.get("physics").is_none());

    let (code, r) = api.post(
        "/api/evaluate",
        &json!({"recipe": "almond-crescent-cookies", "network": sugar, "mode": "quantitative", "explain": false}),
    );
    assert_eq!(code, 200, "{r}");
    let bad = json!({"recipe": "almond-crescent-cookies", "network": sugar, "mode": "x"});
    assert_eq!(api.post("/api/evaluate", &bad).0, 400);

    let (code, s) = api.post(
        "/api/sessions",
        &json!({"recipe": "almond-crescent-cookies", "mode": "quantitative"}),
    );
    assert_eq!(code, 201, "{s}");
    assert_eq!(s["mode"], "quantitative");
    let session = format!("/api/sessions/{}", s["id"].as_str().unwrap());
    let (code, r) = api.post(&format!("{session}/actions"), &json!({"actions": sugar}));
    assert_eq!(code, 200, "{r}");
    assert!(r["physics"]["frames"].as_u64().unwrap() > 0, "{r}");
    assert!(r["kitchen"].to_string().contains("\"pose\""));
    let (code, shown) = api.get(&session);
    assert_eq!(code, 200);
    assert_eq!(shown["mode"], "quantitative");
    assert_eq!(api.post(&format!("{session}/evaluate"), &json!({})).0, 200);
    assert_eq!(api.delete(&session).0, 204);
    assert_eq!(api.post("/api/sessions", &json!({"mode": "x"})).0, 400);

    // Pictures of the physics kitchen.
    let url = "/api/render";
    let first = api.post_png(url, &json!({"network": sugar, "step": 1}));
    let again = api.post_png(url, &json!({"network": sugar, "step": 1}));
    assert_eq!(first, again, "the same step draws the same picture");
    let (code, e) = api.post(url, &json!({"network": sugar, "step": 2}));
    assert_eq!(code, 404, "{e}");
    assert_eq!(api.post_raw(url, "{").0, 400);
    assert_eq!(
        api.post_untyped(url, r#"{"network": "(get-kitchen ?k)", "step": 0}"#)
            .0,
        415
    );
    assert_eq!(
        api.post(url, &json!({"network": "(get-kitchen ?k", "step": 0}))
            .0,
        422
    );
}

/// A server started with a token answers 401 on every API route without
/// it (and with a wrong one), and serves the call with it.
fn token_on_every_route(api: &Api) {
    for (method, path) in sous_server::api_routes() {
        let path = path.replace("{id}", "nope");
        let code = match method.as_str() {
            "GET" => api.get(&path).0,
            "POST" => api.post(&path, &json!({})).0,
            "DELETE" => api.delete(&path).0,
            other => panic!("a {other} route"),
        };
        assert_eq!(code, 401, "{method} {path} without the token");
    }
    let url = format!("{}/api/kitchen", api.base);
    let wrong = ureq::get(&url).set("Authorization", "Bearer guess").call();
    assert!(matches!(wrong, Err(ureq::Error::Status(401, _))));
    let right = ureq::get(&url)
        .set("Authorization", "Bearer s3cret")
        .call()
        .unwrap();
    assert_eq!(right.status(), 200);
    // The page itself holds no data and stays open; it is sent with a CSP.
    let page = ureq::get(&format!("{}/", api.base)).call().unwrap();
    let csp = page.header("content-security-policy").unwrap_or_default();
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"),
        "{csp}"
    );
}

fn without_benchmark_and_over_limits(api: &Api) {
    assert_eq!(api.get("/api/recipes").0, 503);
    assert_eq!(api.get("/api/recipes/almond-crescent-cookies").0, 503);
    assert_eq!(api.get("/api/recipes/almond-crescent-cookies/gold").0, 503);
    let network = "(get-kitchen ?k)";
    let score = json!({"recipe": "almond-crescent-cookies", "network": network});
    assert_eq!(api.post("/api/evaluate", &score).0, 503);

    let four = "(get-kitchen ?k)\n".repeat(4);
    let huge = "x".repeat(10_000);
    assert_eq!(api.post("/api/execute", &json!({"network": four})).0, 413);
    assert_eq!(api.post("/api/execute", &json!({"network": huge})).0, 413);
    assert_eq!(
        api.post("/api/render", &json!({"network": huge, "step": 0}))
            .0,
        413
    );
    assert_eq!(api.post("/api/trace", &json!({"network": huge})).0, 413);
    assert_eq!(api.post("/api/trace", &json!({"network": four})).0, 413);
    // Without a benchmark there is no annotation: one step per action.
    let (code, t) = api.post("/api/trace", &json!({"network": "(get-kitchen ?k)"}));
    assert_eq!((code, &t["annotated"]), (200, &json!(false)));
    let over = json!({"recipe": "almond-crescent-cookies", "network": four});
    assert_eq!(api.post("/api/evaluate", &over).0, 413);

    // Sessions: nothing is created by the refused calls; the limit is one.
    assert_eq!(api.post("/api/sessions", &json!({"recipe": huge})).0, 413);
    let (code, e) = api.post(
        "/api/sessions",
        &json!({"recipe": "almond-crescent-cookies"}),
    );
    assert_eq!(code, 404, "no benchmark, so no such recipe: {e}");
    let (code, s) = api.post("/api/sessions", &json!({}));
    assert_eq!(code, 201);
    assert_eq!(api.post("/api/sessions", &json!({})).0, 503);
    let actions = format!("/api/sessions/{}/actions", s["id"].as_str().unwrap());
    assert_eq!(api.post(&actions, &json!({"actions": four})).0, 413);
    assert_eq!(api.post(&actions, &json!({"actions": huge})).0, 413);
}

/// A server whose one physics worker is taken (the test holds the permit,
/// so the pool is full for as long as it likes, with no slow request to
/// time): every route that runs physics answers 503 with `Retry-After` and
/// a JSON error, at once; qualitative requests, and the same routes in
/// qualitative mode, are served; and once the permit is given back the
/// refused requests succeed.
fn physics_workers_busy(contract: &Contract) {
    let pool = PhysicsPool::new(1, std::time::Duration::ZERO);
    let api = Api {
        base: common::start_with(Config {
            bind: "127.0.0.1".parse().unwrap(),
            port: 0,
            benchmark: Some(sous_testdata::benchmark_dir()),
            limits: Limits::default(),
            preloaded: Vec::new(),
            access: Default::default(),
            timeouts: Default::default(),
            physics: pool.clone(),
        }),
        contract,
    };
    let sugar = "(get-kitchen ?kitchen)\n(fetch-and-proportion ?sugar ?ks-1 ?kitchen ?bowl white-sugar 100 g)";
    let recipe = "almond-crescent-cookies";
    // Sessions are made while the pool is free (making one runs nothing).
    let (code, q) = api.post(
        "/api/sessions",
        &json!({"recipe": recipe, "mode": "quantitative"}),
    );
    assert_eq!(code, 201, "{q}");
    let session = format!("/api/sessions/{}", q["id"].as_str().unwrap());
    assert_eq!(
        api.post(&format!("{session}/actions"), &json!({"actions": sugar}))
            .0,
        200
    );
    let (_, plain) = api.post("/api/sessions", &json!({"recipe": recipe}));
    let plain = format!("/api/sessions/{}", plain["id"].as_str().unwrap());

    let held = pool.try_acquire().expect("the pool is free");
    assert!(pool.try_acquire().is_none(), "one worker");
    let quantitative = [
        (
            "post",
            "/api/execute".to_string(),
            json!({"mode": "quantitative", "network": sugar}),
        ),
        (
            "post",
            "/api/evaluate".to_string(),
            json!({"recipe": recipe, "mode": "quantitative", "network": sugar}),
        ),
        (
            "post",
            "/api/render".to_string(),
            json!({"network": sugar, "step": 1}),
        ),
        ("get", session.clone(), Value::Null),
        ("post", format!("{session}/actions"), json!({"actions": ""})),
        ("post", format!("{session}/evaluate"), json!({})),
    ];
    let call = |method: &str, path: &str, body: &Value| -> ureq::Response {
        let url = format!("{}{path}", api.base);
        let answer = match method {
            "get" => ureq::get(&url).call(),
            _ => ureq::post(&url).send_json(body.clone()),
        };
        match answer {
            Ok(r) | Err(ureq::Error::Status(_, r)) => r,
            Err(e) => panic!("{method} {path}: {e}"),
        }
    };
    for (method, path, body) in &quantitative {
        let started = std::time::Instant::now();
        let r = call(method, path, body);
        let status = r.status();
        assert_eq!(
            status, 503,
            "{method} {path} with every physics worker busy"
        );
        assert_eq!(
            r.header("retry-after"),
            Some(sous_server::RETRY_AFTER_SECONDS.to_string().as_str()),
            "{method} {path}"
        );
        let error: Value = r.into_json().unwrap();
        assert!(
            error["error"]
                .as_str()
                .unwrap()
                .contains("physics workers are busy"),
            "{error}"
        );
        contract.check(method, path, status, Some(&error));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "refused at once"
        );
    }
    // Qualitative work is not limited.
    let (code, x) = api.post("/api/execute", &json!({"network": sugar}));
    assert_eq!(code, 200, "{x}");
    let (code, r) = api.post(
        "/api/evaluate",
        &json!({"recipe": recipe, "network": sugar}),
    );
    assert_eq!(code, 200, "{r}");
    assert_eq!(
        api.post(&format!("{plain}/actions"), &json!({"actions": sugar}))
            .0,
        200
    );
    assert_eq!(api.get(&plain).0, 200);
    assert_eq!(api.post("/api/trace", &json!({"network": sugar})).0, 200);

    drop(held);
    for (method, path, body) in &quantitative {
        let status = call(method, path, body).status();
        assert_eq!(status, 200, "{method} {path} once a worker is free");
    }
}
