#include "laws/ContactSpaceProblemJson.h"

#include <sstream>

#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "laws/ProblemJson.h"

namespace impactlab {

namespace {

using nlohmann::json;

const std::vector<std::string> kTopKeys = {"format", "name", "description", "model", "models",
                                           "contacts", "A", "v_minus", "bodies"};
const std::vector<std::string> kContactLevelKeys = {"name", "friction", "restitution", "restitution_min"};
const std::vector<std::string> kBodyLevelKeys = {"name", "friction", "restitution", "restitution_min",
                                                 "point", "normal", "bodies"};

void checkTopLevelKeys(const json& document, bool bodyLevel) {
    for (auto it = document.begin(); it != document.end(); ++it) {
        bool known = findLaw(it.key()) != nullptr;
        for (const std::string& k : kTopKeys) known = known || k == it.key();
        if (!known)
            throw InputError(it.key(), "unknown field of a several-contact problem (fields: format, model, "
                                       "contacts, and A with v_minus, or bodies; law options by model id)");
    }
    for (const char* key : bodyLevel ? std::vector<const char*>{"A", "v_minus"} : std::vector<const char*>{})
        if (document.contains(key))
            throw InputError(key, "give either A and v_minus (contact level) or bodies (body level), not both");
    if (document.contains("friction") || document.contains("restitution"))
        throw InputError(document.contains("friction") ? "friction" : "restitution",
                         "with several contacts each contact carries its own");
}

ContactParameters parseParameters(const json& c, const std::string& field) {
    ContactParameters p;
    if (c.contains("name")) p.name = readString(c["name"], joinField(field, "name"));
    p.friction = readNumber(getMember(c, "friction", field), joinField(field, "friction"));
    const bool constant = c.contains("restitution");
    const bool minimum = c.contains("restitution_min");
    if (constant == minimum)
        throw InputError(joinField(field, "restitution"),
                         constant ? "give either restitution or restitution_min, not both"
                                  : "missing (give restitution, or restitution_min for PLUS's velocity-dependent COR)");
    const std::string key = constant ? "restitution" : "restitution_min";
    p.restitution = readNumber(c[key], joinField(field, key));
    p.restitutionKind = constant ? RestitutionKind::Constant : RestitutionKind::VelocityDependent;
    return p;
}

Eigen::MatrixXd readMatrix(const json& value, int n, const std::string& field) {
    if (!value.is_array() || static_cast<int>(value.size()) != n)
        throw InputError(field, "must be an array of " + std::to_string(n) + " rows (3 per contact)");
    Eigen::MatrixXd A(n, n);
    for (int i = 0; i < n; ++i) {
        const std::string row = indexField(field, i);
        if (!value[i].is_array() || static_cast<int>(value[i].size()) != n)
            throw InputError(row, "must be an array of " + std::to_string(n) + " numbers");
        for (int j = 0; j < n; ++j) A(i, j) = readNumber(value[i][j], indexField(row, j));
    }
    return A;
}

Eigen::VectorXd readVector(const json& value, int n, const std::string& field) {
    if (!value.is_array() || static_cast<int>(value.size()) != n)
        throw InputError(field, "must be an array of " + std::to_string(n) + " numbers (3 per contact)");
    Eigen::VectorXd v(n);
    for (int i = 0; i < n; ++i) v(i) = readNumber(value[i], indexField(field, i));
    return v;
}

// Validation errors about the parameters keep their names; errors about
// the derived A and v- are reported on what the user wrote.
[[noreturn]] void rethrowBodyLevel(const InputError& e) {
    if (e.field() == "v_minus")
        throw InputError("bodies", "are not approaching at any contact: " + e.reason());
    if (e.field() == "A") throw InputError("contacts", "give a Delassus operator A that " + e.reason());
    throw e;
}

}  // namespace

bool isContactSpaceDocument(const json& document) {
    return document.is_object() && (document.contains("contacts") || document.contains("A"));
}

ContactSpaceProblem parseContactSpaceProblem(const json& document) {
    requireObject(document, "problem");
    const std::string format = readString(getMember(document, "format", ""), "format");
    if (format != kProblemFormat)
        throw InputError("format", std::string("must be \"") + kProblemFormat + "\", got \"" + format + "\"");
    const bool bodyLevel = document.contains("bodies");
    checkTopLevelKeys(document, bodyLevel);
    const json& contacts = getMember(document, "contacts", "");
    if (!contacts.is_array() || contacts.empty())
        throw InputError("contacts", "must be a non-empty array of contacts, got " +
                                         (contacts.is_array() ? std::string("an empty array") : describeJsonType(contacts)));
    const int nc = static_cast<int>(contacts.size());
    std::vector<ContactParameters> params;
    for (int k = 0; k < nc; ++k) {
        const std::string field = indexField("contacts", k);
        requireObject(contacts[k], field);
        rejectUnknownKeys(contacts[k], bodyLevel ? kBodyLevelKeys : kContactLevelKeys, field);
        params.push_back(parseParameters(contacts[k], field));
    }

    if (!bodyLevel) {
        const Eigen::MatrixXd A = readMatrix(getMember(document, "A", ""), 3 * nc, "A");
        const Eigen::VectorXd v = readVector(getMember(document, "v_minus", ""), 3 * nc, "v_minus");
        return ContactSpaceProblem::makeContactLevel(std::move(params), A, v);
    }

    const json& bodies = document["bodies"];
    if (!bodies.is_array() || bodies.size() < 2)
        throw InputError("bodies", "must be an array of at least two bodies (a fixed one may be the ground)");
    BodyContacts system;
    for (std::size_t i = 0; i < bodies.size(); ++i) system.bodies.push_back(parseBody(bodies[i], indexField("bodies", i)));
    for (int k = 0; k < nc; ++k) {
        const std::string field = indexField("contacts", k);
        const json& c = contacts[k];
        BodyContactPoint point;
        point.point = readVec3(getMember(c, "point", field), joinField(field, "point"));
        point.frame = ContactFrame::makeFromNormal(readVec3(getMember(c, "normal", field), joinField(field, "normal")),
                                                   joinField(field, "normal"));
        const json& pair = getMember(c, "bodies", field);
        const std::string pairField = joinField(field, "bodies");
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number_integer() || !pair[1].is_number_integer())
            throw InputError(pairField, "must be two body indices [i, j] (the normal points from body j into body i)");
        const long long i = pair[0].get<long long>(), j = pair[1].get<long long>();
        const long long nb = static_cast<long long>(bodies.size());
        if (i < 0 || j < 0 || i >= nb || j >= nb)
            throw InputError(pairField, "body index out of range (there are " + std::to_string(nb) + " bodies)");
        point.body1 = static_cast<int>(i);
        point.body2 = static_cast<int>(j);
        point.name = params[k].name;
        system.contacts.push_back(point);
    }
    try {
        return ContactSpaceProblem::makeBodyLevel(std::move(params), system);
    } catch (const InputError& e) {
        rethrowBodyLevel(e);
    }
}

}  // namespace impactlab
