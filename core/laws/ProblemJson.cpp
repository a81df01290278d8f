#include "laws/ProblemJson.h"

#include "io/JsonInput.h"
#include "laws/ContactSpaceProblemJson.h"
#include "mechanics/NumberText.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Top-level fields of a single-contact problem; law-options objects (named by
// the law ids of the registry) are accepted too.
const std::vector<std::string> kProblemKeys = {
    "format", "name", "description", "model", "models",
    "friction", "restitution", "contact_level", "bodies", "contact"};
const std::vector<std::string> kContactLevelProblemKeys = {"W", "v_minus"};
const std::vector<std::string> kBodyKeys = {"mass", "inertia", "com", "velocity", "angular_velocity", "fixed"};
const std::vector<std::string> kContactKeys = {"point", "normal"};

// What an InputError says after "<field>: ".
[[noreturn]] void throwMultiContact(const std::string& field) {
    if (findLaw("plus"))
        throw InputError(field, "multi-contact input is not read by this version of the problem reader");
    throw InputError(field, "several contacts need model 'plus', which this build does not provide "
                            "(give one contact, as contact_level or as bodies and contact)");
}

void checkFormat(const json& document) {
    const std::string format = readString(getMember(document, "format", ""), "format");
    if (format != kProblemFormat)
        throw InputError("format", std::string("must be \"") + kProblemFormat + "\", got \"" + format + "\"");
}

// The keys of every law-options object present must be options the law documents.
void checkLawOptionKeys(const json& document) {
    for (const LawInfo& law : getLaws()) {
        const auto it = document.find(law.id);
        if (it == document.end()) continue;
        if (!it->is_object())
            throw InputError(law.id, "options of model '" + law.id + "' must be a JSON object, got " +
                                         describeJsonType(*it));
        std::string known;
        for (const LawOptionInfo& o : law.options) known += (known.empty() ? "" : ", ") + o.name;
        for (auto opt = it->begin(); opt != it->end(); ++opt) {
            bool isKnown = false;
            for (const LawOptionInfo& o : law.options) isKnown = isKnown || o.name == opt.key();
            if (!isKnown)
                throw InputError(joinField(law.id, opt.key()),
                                 "unknown option of model '" + law.id + "' (" +
                                     (known.empty() ? "it takes none" : "known: " + known) + ")");
        }
    }
}

void checkProblemKeys(const json& document) {
    for (auto it = document.begin(); it != document.end(); ++it) {
        bool isKnown = findLaw(it.key()) != nullptr;
        for (const std::string& k : kProblemKeys) isKnown = isKnown || k == it.key();
        if (isKnown) continue;
        std::string fields, laws;
        for (const std::string& k : kProblemKeys) fields += (fields.empty() ? "" : ", ") + k;
        for (const LawInfo& law : getLaws()) laws += (laws.empty() ? "" : ", ") + law.id;
        throw InputError(it.key(), "unknown field (problem fields: " + fields +
                                       "; law options go in an object named by a model id: " + laws + ")");
    }
    for (const char* metadata : {"name", "description"})
        if (document.contains(metadata)) readString(document[metadata], metadata);
}

ImpactProblem parseContactLevel(const json& contactLevel, double friction, double restitution,
                                ApproachRequirement approach) {
    const std::string field = "contact_level";
    rejectUnknownKeys(contactLevel, kContactLevelProblemKeys, field);
    const Mat3 W = readMat3(getMember(contactLevel, "W", field), field + ".W");
    const Vec3 vMinus = readVec3(getMember(contactLevel, "v_minus", field), field + ".v_minus");
    try {
        return ImpactProblem::makeContactLevel(W, vMinus, friction, restitution, approach);
    } catch (const InputError& e) {
        if (e.field() == "W" || e.field() == "v_minus")
            throw InputError(joinField(field, e.field()), e.reason());
        throw;
    }
}

}  // namespace

RigidBody parseBody(const json& body, const std::string& field) {
    requireObject(body, field);
    if (body.contains("fixed") && readBool(body["fixed"], field + ".fixed")) {
        for (auto it = body.begin(); it != body.end(); ++it)
            if (it.key() != "fixed")
                throw InputError(joinField(field, it.key()),
                                 "not allowed for a fixed body (write a fixed body as {\"fixed\": true})");
        return RigidBody::makeFixed();
    }
    rejectUnknownKeys(body, kBodyKeys, field);
    const double mass = readNumber(getMember(body, "mass", field), field + ".mass");
    const Mat3 inertia = readMat3(getMember(body, "inertia", field), field + ".inertia");
    const Vec3 com = readVec3(getMember(body, "com", field), field + ".com");
    const Vec3 velocity = readVec3(getMember(body, "velocity", field), field + ".velocity");
    const Vec3 angularVelocity =
        readVec3(getMember(body, "angular_velocity", field), field + ".angular_velocity");
    if (!(mass > 0.0)) throw InputError(field + ".mass", "must be > 0, got " + formatNumber(mass));
    RigidBody b = RigidBody::makeFromWorldInertia(mass, inertia, field);
    b.position = com;
    b.velocity = velocity;
    b.angularVelocity = angularVelocity;
    return b;
}

namespace {

ImpactProblem parseBodyLevel(const json& document, double friction, double restitution,
                             ApproachRequirement approach) {
    const json& bodies = getMember(document, "bodies", "");
    if (!bodies.is_array() || bodies.size() != 2)
        throw InputError("bodies", "must be an array of two bodies (body 1, which the normal points "
                                   "into, then body 2), got " +
                                       (bodies.is_array() ? std::to_string(bodies.size()) + " entries"
                                                          : describeJsonType(bodies)));
    TwoBodyContact contact;
    contact.body1 = parseBody(bodies[0], "bodies[0]");
    contact.body2 = parseBody(bodies[1], "bodies[1]");

    const json& c = getMember(document, "contact", "");
    if (c.is_array()) throwMultiContact("contact");
    rejectUnknownKeys(c, kContactKeys, "contact");
    contact.point = readVec3(getMember(c, "point", "contact"), "contact.point");
    const Vec3 normal = readVec3(getMember(c, "normal", "contact"), "contact.normal");
    contact.frame = ContactFrame::makeFromNormal(normal, "contact.normal");

    try {
        return ImpactProblem::makeBodyLevel(contact, friction, restitution, approach);
    } catch (const InputError& e) {
        // W and v_minus are derived here; name what the user wrote.
        if (e.field() == "v_minus")
            throw InputError("bodies", "are not approaching at the contact point: the relative normal "
                                       "velocity (v1(c) - v2(c)) . n is " +
                                           formatNumber(contact.calcContactRelativeVelocity().z()) +
                                           " m/s, an impact needs it < 0");
        if (e.field() == "W")
            throw InputError("bodies", "give a contact inverse inertia W that " + e.reason());
        throw;
    }
}

}  // namespace

ImpactProblem parseProblem(const json& document, ApproachRequirement approach) {
    requireObject(document, "problem");
    checkFormat(document);
    if (document.contains("contacts")) throwMultiContact("contacts");
    if (document.contains("A")) throwMultiContact("A");
    checkProblemKeys(document);
    checkLawOptionKeys(document);

    const double friction = readNumber(getMember(document, "friction", ""), "friction");
    const double restitution = readNumber(getMember(document, "restitution", ""), "restitution");

    const bool contactLevel = document.contains("contact_level");
    const bool bodyLevel = document.contains("bodies") || document.contains("contact");
    if (contactLevel && bodyLevel)
        throw InputError("contact_level", "give either contact_level or bodies and contact, not both");
    if (contactLevel) return parseContactLevel(document["contact_level"], friction, restitution, approach);
    if (bodyLevel) return parseBodyLevel(document, friction, restitution, approach);
    throw InputError("contact_level",
                     "missing (a problem needs contact_level {W, v_minus}, or bodies and contact)");
}

SolveRequest parseSolveRequest(const json& document, const std::optional<std::string>& modelOverride,
                               const std::string& overrideField) {
    SolveRequest request;
    // A single contact is read leniently first: whether a grazing or
    // separating contact is valid depends on the laws, resolved below.
    if (isContactSpaceDocument(document)) request.contactSpace = parseContactSpaceProblem(document);   // several contacts
    else request.problem = parseProblem(document, ApproachRequirement::Any);

    struct Requested {
        std::string id;
        std::string field;
    };
    std::vector<Requested> requested;
    const bool hasModel = document.contains("model");
    const bool hasModels = document.contains("models");
    if (hasModel && hasModels)
        throw InputError("models", "give either \"model\" or \"models\", not both");
    if (hasModel) requested.push_back({readString(document["model"], "model"), "model"});
    if (hasModels) {
        const json& models = document["models"];
        if (!models.is_array() || models.empty())
            throw InputError("models", "must be a non-empty array of model ids, got " +
                                           (models.is_array() ? std::string("an empty array")
                                                              : describeJsonType(models)));
        for (std::size_t i = 0; i < models.size(); ++i) {
            const std::string field = indexField("models", i);
            const std::string id = readString(models[i], field);
            for (const Requested& r : requested)
                if (r.id == id) throw InputError(field, "model '" + id + "' is listed twice");
            requested.push_back({id, field});
        }
    }

    if (modelOverride) {
        requested = {{*modelOverride, overrideField}};
    } else if (requested.empty()) {
        throw InputError("model", "missing (give \"model\": \"<id>\" or \"models\": [\"<id>\", ...])");
    } else {
        request.comparison = hasModels;
    }

    for (const Requested& r : requested) {
        LawRequest law;
        law.law = &getLaw(r.id, r.field);
        if (request.contactSpace) checkContactCount(*law.law, *request.contactSpace);
        const auto options = document.find(r.id);
        if (options != document.end()) law.options = *options;
        request.laws.push_back(law);
    }
    for (const LawRequest& law : request.laws)
        if (!request.contactSpace && law.law->approach == ApproachRequirement::Approaching &&
            !(request.problem.vMinus.z() < 0.0))
            parseProblem(document, ApproachRequirement::Approaching);   // throws the approach error
    return request;
}

}  // namespace impactlab
