#include "scene/TossScene.h"

#include <cmath>

#include "io/JsonInput.h"
#include "laws/LawRegistry.h"
#include "mechanics/InputLimits.h"
#include "mechanics/NumberText.h"
#include "scene/SceneDocument.h"
#include "scene/SceneMeasurements.h"
#include "scene/SceneOverlay.h"

namespace impactlab {

namespace {

using nlohmann::json;

// A path the document gives for a data file: a non-empty string.
std::string readPath(const json& block, const char* key) {
    const std::string field = std::string("tosses.") + key;
    const std::string path = readString(getMember(block, key, "tosses"), field);
    if (path.empty()) throw InputError(field, "must name a file");
    return path;
}

// The largest toss place a document may name (a file holds far fewer).
constexpr double kMaxTossIndex = 1e9;

bool isRelativePath(const std::string& path) { return !path.empty() && path[0] != '/' && path[0] != ':'; }

}  // namespace

const SceneParameter* TossScene::findParameter(const std::string& id) const {
    for (const SceneParameter& p : parameters)
        if (p.id == id) return &p;
    return nullptr;
}

TossScene parseTossScene(const json& doc) {
    requireObject(doc, "");
    rejectUnknownKeys(doc, {"format", "kind", "name", "description", "reference", "guide", "tosses", "contact",
                            "compare", "parameters", kOverlayKey, kMeasurementsKey},
                      "");
    requireSceneKind(doc, SceneKind::Tosses);
    TossScene s;
    s.name = readString(getMember(doc, "name", ""), "name");
    s.description = readOptionalString(doc, "description", "description", "");
    s.reference = readOptionalString(doc, "reference", "reference", "");
    readOptionalString(doc, "guide", "guide", "");

    const json& block = getMember(doc, "tosses", "");
    requireObject(block, "tosses");
    rejectUnknownKeys(block, {"file", "body", "toss"}, "tosses");
    s.tossesFile = readPath(block, "file");
    s.bodyFile = readPath(block, "body");
    // The toss's place in the file, a whole number; whether the file has so
    // many tosses is known once it is read.
    const double toss = readOptionalNumberInRange(block, "toss", "tosses", 0.0, 0.0, kMaxTossIndex);
    if (toss != std::floor(toss)) throw InputError("tosses.toss", "must be a whole number, got " + formatNumber(toss));
    s.toss = static_cast<int>(toss);

    // The contact as every scene reads it (docs/scene-format.md, "contact").
    const json& contact = getMember(doc, "contact", "");
    requireObject(contact, "contact");
    rejectUnknownKeys(contact, {"law", "friction", "restitution", "options"}, "contact");
    s.contact.law = readString(getMember(contact, "law", "contact"), "contact.law");
    getLaw(s.contact.law, "contact.law");
    s.contact.friction =
        readOptionalNumberInRange(contact, "friction", "contact", s.contact.friction, 0.0, limits::kMaxFriction);
    s.contact.restitution =
        readOptionalNumberInRange(contact, "restitution", "contact", s.contact.restitution, 0.0, 1.0);
    if (contact.contains("options"))
        s.contact.lawOptions = getContactLawOptions(contact["options"], s.contact.law, s.contact.law);

    s.compare = readComparedLaws(doc);
    s.parameters = parseSceneParameters(doc);
    s.document = doc;
    return s;
}

TossScene withParameter(const TossScene& scene, const std::string& id, double value) {
    return parseTossScene(setParameterInDocument(scene.parameters, scene.document, id, value));
}

TossScene withChoice(const TossScene& scene, const std::string& id, const std::string& choice) {
    return parseTossScene(setChoiceInDocument(scene.parameters, scene.document, id, choice));
}

json resolveSceneFilePaths(json document, const std::string& sceneFolder) {
    if (!isSceneDocumentOfKind(document, SceneKind::Tosses) || sceneFolder.empty()) return document;
    const auto block = document.find("tosses");
    if (block == document.end() || !block->is_object()) return document;
    for (const char* key : {"file", "body"}) {
        const auto path = block->find(key);
        if (path == block->end() || !path->is_string()) continue;
        const std::string text = path->get<std::string>();
        if (!isRelativePath(text)) continue;
        *path = sceneFolder.back() == '/' ? sceneFolder + text : sceneFolder + "/" + text;
    }
    return document;
}

}  // namespace impactlab
