#pragma once
// Where an open scene document lives besides its own file: the recovery copy
// written while it has unsaved edits (offered back after a crash or a kill),
// the list of recently opened files and the last session's scene. Both are per user (QStandardPaths,
// QSettings), named by the application's organisation and name.
#include <QString>
#include <QStringList>
#include <optional>

#include <nlohmann/json.hpp>

namespace impactlab::ui {

// Entries kept in File > Open recent.
constexpr int kMaxRecentFiles = 8;

struct RecoveredDocument {
    nlohmann::json document;   // the scene JSON with every edit applied
    QString path;              // the file it came from (":/scenes/..." for a built-in one)
};

QString getRecoveryFilePath();
// Writes the document atomically (a crash while writing leaves the previous copy).
bool writeRecoveryFile(const nlohmann::json& document, const QString& path);
// The recovery copy, if one is left; a copy that cannot be read is removed.
std::optional<RecoveredDocument> readRecoveryFile();
void removeRecoveryFile();

// Most recent first; never more than kMaxRecentFiles.
QStringList getRecentFiles();
void addRecentFile(const QString& path);
void removeRecentFile(const QString& path);

// The scene open when the app last closed (reopened at the next start); empty
// when none was recorded.
QString getLastScenePath();
void setLastScenePath(const QString& path);

}  // namespace impactlab::ui
