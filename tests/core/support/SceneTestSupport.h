#pragma once
// Helpers for the scene and simulation suites: reading the built-in scene
// documents and finding the laws a scene names that this build lacks (laws are
// written concurrently; a scene naming one loads once it is registered).
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "laws/LawRegistry.h"
#include "mechanics/Types.h"
#include "support/RefusalSupport.h"

namespace impactlab::test {

inline std::string getScenePath(const std::string& name) { return std::string(IMPACTLAB_SCENES_DIR) + "/" + name; }

inline nlohmann::json loadSceneDocument(const std::string& name) {
    std::ifstream in(getScenePath(name));
    return nlohmann::json::parse(in);
}

// The first law id the document names (contact.law, the keys of a keyed
// contact.options, the choices of the law parameter) that getLaws() lacks; ""
// when every one is registered.
inline std::string findMissingLaw(const nlohmann::json& doc) {
    std::vector<std::string> ids;
    if (doc.contains("contact")) {
        const nlohmann::json& c = doc["contact"];
        if (c.contains("law") && c["law"].is_string()) ids.push_back(c["law"].get<std::string>());
        if (c.contains("options") && c["options"].is_object())
            for (auto it = c["options"].begin(); it != c["options"].end(); ++it)
                if (it->is_object()) ids.push_back(it.key());
    }
    for (const auto& p : doc.value("parameters", nlohmann::json::array()))
        if (p.value("target", "") == "/contact/law")
            for (const auto& c : p.value("choices", nlohmann::json::array())) ids.push_back(c.get<std::string>());
    for (const auto& id : ids)
        if (!findLaw(id)) return id;
    return "";
}

// A copy of `doc` that names only registered laws: contact.law becomes
// `fallbackLaw` when missing, keyed options and law choices of missing laws are
// dropped. For tests that exercise a scene's mechanics while its laws are being
// written.
inline nlohmann::json withRegisteredLawsOnly(nlohmann::json doc, const std::string& fallbackLaw) {
    nlohmann::json& c = doc["contact"];
    if (!findLaw(c.value("law", ""))) c["law"] = fallbackLaw;
    if (c.contains("options") && c["options"].is_object()) {
        nlohmann::json kept = nlohmann::json::object();
        for (auto it = c["options"].begin(); it != c["options"].end(); ++it)
            if (!it->is_object() || findLaw(it.key())) kept[it.key()] = *it;
        c["options"] = kept;
    }
    nlohmann::json params = nlohmann::json::array();
    for (const auto& p : doc.value("parameters", nlohmann::json::array())) {
        const std::string target = p.value("target", "");
        bool keep = true;
        if (target.rfind("/contact/options/", 0) == 0) {
            const std::string id = target.substr(17, target.find('/', 17) - 17);
            keep = findLaw(id) != nullptr;
        }
        if (!keep) continue;
        nlohmann::json q = p;
        if (target == "/contact/law") {
            nlohmann::json choices = nlohmann::json::array();
            for (const auto& ch : p["choices"])
                if (findLaw(ch.get<std::string>())) choices.push_back(ch);
            q["choices"] = choices;
        }
        params.push_back(q);
    }
    doc["parameters"] = params;
    return doc;
}

}  // namespace impactlab::test
