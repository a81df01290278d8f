#include "scene/SceneDocument.h"

#include "io/JsonInput.h"

namespace impactlab {

namespace {

using nlohmann::json;

// Format ids of the scene files written before the formats were unified, and
// the kind each stands for.
struct LegacyFormat {
    const char* format;
    SceneDocumentKind kind;
};
constexpr LegacyFormat kLegacyFormats[] = {
    {"impactlab.impact-scene/1", SceneDocumentKind::Impact},
    {"impactlab.plus-scene/1", SceneDocumentKind::Plus},
};

std::string listKinds() {
    std::string out;
    for (SceneDocumentKind k : listSceneDocumentKinds()) out += std::string(out.empty() ? "" : ", ") + "\"" + toString(k) + "\"";
    return out;
}

}  // namespace

const char* toString(SceneDocumentKind kind) {
    switch (kind) {
        case SceneDocumentKind::Spatial: return "spatial";
        case SceneDocumentKind::Planar: return "planar";
        case SceneDocumentKind::Vehicles: return "vehicles";
        case SceneDocumentKind::Impact: return "impact";
        case SceneDocumentKind::Plus: return "plus";
        case SceneDocumentKind::Granular: return "granular";
    }
    return "spatial";
}

const std::vector<SceneDocumentKind>& listSceneDocumentKinds() {
    static const std::vector<SceneDocumentKind> kinds = {
        SceneDocumentKind::Spatial, SceneDocumentKind::Planar, SceneDocumentKind::Vehicles,
        SceneDocumentKind::Impact,  SceneDocumentKind::Plus,   SceneDocumentKind::Granular};
    return kinds;
}

SceneDocumentKind getSceneDocumentKind(const json& document) {
    if (!document.is_object()) throw InputError("scene", "must be a JSON object");
    const auto format = document.find("format");
    if (format == document.end()) throw InputError("format", std::string("missing: expected \"") + kSceneFormat + "\"");
    if (!format->is_string()) throw InputError("format", std::string("must be the string \"") + kSceneFormat + "\"");
    const std::string& id = format->get_ref<const std::string&>();
    for (const LegacyFormat& legacy : kLegacyFormats)
        if (id == legacy.format) return legacy.kind;
    if (id != kSceneFormat) throw InputError("format", std::string("must be \"") + kSceneFormat + "\", got \"" + id + "\"");
    const auto kind = document.find("kind");
    if (kind == document.end()) return SceneDocumentKind::Spatial;
    if (kind->is_string())
        for (SceneDocumentKind k : listSceneDocumentKinds())
            if (kind->get_ref<const std::string&>() == toString(k)) return k;
    throw InputError("kind", "must be one of " + listKinds());
}

bool isSceneDocumentOfKind(const json& document, SceneDocumentKind kind) {
    try {
        return getSceneDocumentKind(document) == kind;
    } catch (const InputError&) {
        return false;
    }
}

json toUnifiedSceneDocument(json document) {
    if (!document.is_object()) return document;
    const auto format = document.find("format");
    if (format == document.end() || !format->is_string()) return document;
    for (const LegacyFormat& legacy : kLegacyFormats) {
        if (format->get_ref<const std::string&>() != legacy.format) continue;
        json unified = json::object();
        unified["format"] = kSceneFormat;
        unified["kind"] = toString(legacy.kind);
        for (auto it = document.begin(); it != document.end(); ++it)
            if (it.key() != "format" && it.key() != "kind") unified[it.key()] = it.value();
        return unified;
    }
    return document;
}

void requireSceneDocumentKind(const json& document, SceneDocumentKind kind) {
    const SceneDocumentKind actual = getSceneDocumentKind(document);
    if (actual != kind)
        throw InputError("kind", std::string("must be \"") + toString(kind) + "\" for this reader, got \"" +
                                     toString(actual) + "\"");
}

}  // namespace impactlab
